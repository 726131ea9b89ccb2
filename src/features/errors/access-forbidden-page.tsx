import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BackToStart, StaticPage } from '../../client/pages/static-page';

/** /access-forbidden: where a 403 leads; its variant when no condition list is assigned. */
export function AccessForbiddenPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { noConditionList?: boolean } | null;
  const text = state?.noConditionList
    ? t('errors.accessForbidden.noConditionList')
    : t('errors.accessForbidden.text');
  return (
    <StaticPage title={t('errors.accessForbidden.title')} text={text}>
      <BackToStart />
    </StaticPage>
  );
}

export const Component = AccessForbiddenPage;
