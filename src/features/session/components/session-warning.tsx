import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { renewSession, sessionStore } from '../../../client/auth/session';
import { dismiss, notify } from '../../../client/ui/notify';

const TOAST_ID = 'session-expiring';

/** The expiry warning: shown when the session could not be renewed and will end soon. */
export function SessionWarning() {
  const { t } = useTranslation();
  const warning = useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get().warning);
  useEffect(() => {
    if (warning !== 'expiring') {
      dismiss(TOAST_ID);
      return;
    }
    notify({
      id: TOAST_ID,
      type: 'warning',
      title: t('session.expiring'),
      action: { label: t('session.expiringAction'), onClick: () => void renewSession() },
    });
  }, [warning, t]);
  return null;
}
