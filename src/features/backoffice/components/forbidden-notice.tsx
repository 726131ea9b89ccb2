import { Alert, Button, Stack } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The API answered 403: the back office is for the provider's underwriters only. */
export function ForbiddenNotice() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" maxW="3xl" data-testid="backoffice-forbidden">
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('backoffice.forbidden.title')}</Alert.Title>
          <Alert.Description>{t('backoffice.forbidden.text')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild variant="outline" alignSelf="flex-start">
        <Link to="/">{t('backoffice.forbidden.toStart')}</Link>
      </Button>
    </Stack>
  );
}
