import { Button } from '../../../client/ui/chakra';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, storedReturnPath } from '../../../client/auth/session';
import { StaticPage } from '../../../client/pages/static-page';

const AUTO_SIGN_IN_MS = 3000;

/** /session-timeout: the session ended; a new sign-in starts by itself, back to where the user was. */
export function SessionTimeoutPage() {
  const { t } = useTranslation();
  useEffect(() => {
    if (!navigator.onLine) return;
    const timer = setTimeout(() => void signIn(storedReturnPath()), AUTO_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <StaticPage title={t('session.timeout.title')} text={t('session.timeout.text')}>
      <Button colorPalette="brand" alignSelf="flex-start" onClick={() => void signIn(storedReturnPath())}>
        {t('session.timeout.action')}
      </Button>
    </StaticPage>
  );
}

export const Component = SessionTimeoutPage;
