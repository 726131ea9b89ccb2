import { Code, Text } from '../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackToStart, StaticPage } from '../../client/pages/static-page';

/** /authentication-error[/{error}]: sign-in failed; shows the error from the route. */
export function AuthenticationErrorPage() {
  const { t } = useTranslation();
  const { error } = useParams();
  return (
    <StaticPage title={t('errors.authentication.title')} text={t('errors.authentication.text')}>
      {error && (
        <Text fontSize="sm">
          {t('errors.authentication.codeLabel')} <Code>{error}</Code>
        </Text>
      )}
      <BackToStart />
    </StaticPage>
  );
}

export const Component = AuthenticationErrorPage;
