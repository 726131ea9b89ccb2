import { useTranslation } from 'react-i18next';
import { BackToStart, StaticPage } from './static-page';

/** /not-found: where unknown paths end up. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('errors.notFound.title')} text={t('errors.notFound.text')}>
      <BackToStart />
    </StaticPage>
  );
}

export const Component = NotFoundPage;
