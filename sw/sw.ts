/// <reference lib="webworker" />
/**
 * The portal's service worker: precaches the shell, its chunks, icons and translations so the
 * installed app starts with the network off. Updates wait for the user (the page shows a
 * prompt and posts SKIP_WAITING); they are never forced on a running page.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page path of the app gets the shell; the API, the identity provider and its
// sign-in page, the customer's offer page (/o/), the mailbox and the simulators' pages (BankID app,
// e-signature) are the server's own.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      /^\/api\//,
      /^\/oidc\//,
      /^\/sign-in\//,
      /^\/o\//,
      /^\/mailbox/,
      /^\/bankid-sim\//,
      /^\/esign-sim\//,
    ],
  }),
);

// Translations change without a new app version: serve the cached copy, refresh behind. The
// precache holds the default's; of the others the device keeps those used last (a text and a
// help file each for a few languages), never expiring by age: the language a user works in must
// stay there for an offline start, however long ago it was fetched.
registerRoute(
  ({ url }) => url.pathname.startsWith('/locales/'),
  new StaleWhileRevalidate({
    cacheName: 'locales',
    plugins: [new ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true })],
  }),
);

// Where the identity provider is: needed to start, also offline.
registerRoute(
  ({ url }) => url.pathname === '/api/config',
  new NetworkFirst({
    cacheName: 'config',
    networkTimeoutSeconds: 3,
    plugins: [new ExpirationPlugin({ maxEntries: 1, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
