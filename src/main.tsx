import { redirectToSignIn, signInFirst } from './client/auth/entry';
import { refusalOf, showRefusal } from './client/browser/refusal';
import { initialLocale, showLocale } from './client/i18n/initial-locale';

/**
 * The entry is small: a visitor who must sign in first is sent there before the app is
 * downloaded; everyone else gets the app (its chunks are fetched in parallel). Should the
 * redirect fail (no configuration), the app starts and shows its error. A browser the portal
 * cannot run in gets the text that says why instead.
 */
const boot = () => import('./app/bootstrap').then(({ bootstrap }) => bootstrap());

// The page's language and direction from the first paint (the service worker's copy of the page is English).
showLocale(initialLocale());
const refusal = refusalOf();
if (refusal) showRefusal(refusal);
else if (signInFirst()) redirectToSignIn().catch(boot);
else void boot();
