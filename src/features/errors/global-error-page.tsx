import { Code, Text } from '../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackToStart, StaticPage } from '../../client/pages/static-page';

/** /global-error[/{correlationId}]: the generic error, with the id support can look up. */
export function GlobalErrorPage() {
  const { t } = useTranslation();
  const { correlationId } = useParams();
  return (
    <StaticPage title={t('errors.globalTitle')} text={t('errors.generic')}>
      {correlationId && (
        <Text fontSize="sm">
          {t('errors.referenceLabel')} <Code data-testid="correlation-id">{correlationId}</Code>
        </Text>
      )}
      <BackToStart />
    </StaticPage>
  );
}

export const Component = GlobalErrorPage;
