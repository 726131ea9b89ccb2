import { useTranslation } from 'react-i18next';
import { BackToStart, StaticPage } from '../../client/pages/static-page';

/** /access-denied: where a 401 leads. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('errors.accessDenied.title')} text={t('errors.accessDenied.text')}>
      <BackToStart />
    </StaticPage>
  );
}

export const Component = AccessDeniedPage;
