import { Button } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StaticPage } from '../../../client/pages/static-page';

/** /logout: the signed-out page, with a way back in. */
export function LogoutPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('logout.title')} text={t('logout.text')}>
      <Button asChild colorPalette="brand">
        <Link to="/">{t('logout.signIn')}</Link>
      </Button>
    </StaticPage>
  );
}

export const Component = LogoutPage;
