import { notify } from '../ui/notify';
import { i18n } from '../i18n/i18n';

/**
 * Registers the service worker of the built app. A new version waits until the user agrees
 * (a prompt, never forced); then it takes over and the page reloads once.
 */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    notify({
      id: 'pwa-update',
      title: i18n.t('pwa.updateAvailable'),
      type: 'info',
      action: {
        label: i18n.t('pwa.updateAction'),
        onClick: () => {
          // Never while writes wait in the outbox: the new version might not read them (docs/offline.md).
          void import('../offline/outbox').then(async ({ pendingCount }) => {
            const waiting = await pendingCount();
            if (waiting > 0) {
              notify({ type: 'warning', title: i18n.t('pwa.updateAfterSync', { count: waiting }) });
              return;
            }
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          });
        },
      },
    });
  });
  await wb.register();
}
