import { redirectToSignIn, signInFirst } from './client/auth/entry';

/**
 * The entry is small: a visitor who must sign in first is sent there before the app is
 * downloaded; everyone else gets the app (its chunks are fetched in parallel). Should the
 * redirect fail (no configuration), the app starts and shows its error.
 */
const boot = () => import('./app/bootstrap').then(({ bootstrap }) => bootstrap());

if (signInFirst()) redirectToSignIn().catch(boot);
else void boot();
