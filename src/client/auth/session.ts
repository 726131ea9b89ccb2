import { ErrorResponse, UserManager, type User } from 'oidc-client-ts';
import type { HttpContext } from '../http';
import { CALLS, SESSION } from '../../domain/constants';
import { currentLocale } from '../i18n/i18n';
import {
  loadClientConfig,
  RETURN_KEY,
  returnPath,
  signInRedirect,
  userManagerSettings,
} from './oidc-settings';

/**
 * The sign-in session (administration specification, “States and transitions”): authorization code with PKCE through
 * oidc-client-ts, tokens in session storage only, silent renewal with the refresh token
 * (paused while offline: renewing offline would sign the user out), the expiry warning, a new
 * sign-in when the token has expired, and sign-out to /logout.
 */

export type SessionWarning = 'none' | 'expiring';

interface State {
  user: User | null;
  warning: SessionWarning;
}

let state: State = { user: null, warning: 'none' };
const listeners = new Set<() => void>();
let managerPromise: Promise<UserManager> | undefined;
let warningTimer: ReturnType<typeof setTimeout> | undefined;

function setState(next: Partial<State>): void {
  const userChanged = 'user' in next && next.user !== state.user;
  state = { ...state, ...next };
  if (userChanged) scheduleWarning(state.user);
  listeners.forEach((l) => l());
}

/**
 * The expiry warning comes SESSION.expiryWarningSeconds before the token expires, unless it was
 * renewed by then (renewal starts earlier). The time left is the token's `expires_in`, counted on
 * the device's clock, so a device whose clock is off still warns at the right moment. Offline
 * there is nothing to warn of: the app works on without a token.
 */
function scheduleWarning(user: User | null): void {
  clearTimeout(warningTimer);
  const left = user?.expires_in;
  if (left === undefined) return;
  warningTimer = setTimeout(
    () => {
      if (navigator.onLine) setState({ warning: 'expiring' });
    },
    Math.max(0, left - SESSION.expiryWarningSeconds) * 1000,
  );
}

export const sessionStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => state,
};

/**
 * What every call takes from the session (handed to the HTTP client by src/app/bootstrap.tsx):
 * the token, sent once a renewal under way has settled.
 */
/** The server's (GET /api/config), read with the sign-in settings. */
let requestTimeoutMs: number = CALLS.requestTimeoutMs;
export const sessionForCalls = {
  accessToken: () => state.user?.access_token,
  ready: renewedIfExpired,
  requestTimeoutMs: () => requestTimeoutMs,
} satisfies Partial<HttpContext>;

let renewal: Promise<void> | undefined;
/**
 * An expired token is renewed (once, however many calls wait) before a call may carry it: a
 * device back online after its token expired would otherwise be refused at once (401 → access
 * denied) by its own refetches and replays. It is never sent: a renewal the provider refuses
 * ends the session (the session-timeout page says so), one that cannot reach it (the browser
 * may say online a moment before the network is back) fails the call as an offline call.
 */
function renewedIfExpired(): Promise<void> {
  if (!state.user?.expired) return Promise.resolve();
  renewal ??= manager()
    .then(async (m) => {
      try {
        await m.signinSilent();
      } catch (error) {
        if (error instanceof ErrorResponse) endSession();
        throw error;
      }
      m.startSilentRenew();
    })
    .finally(() => (renewal = undefined));
  return renewal;
}

function manager(): Promise<UserManager> {
  managerPromise ??= loadClientConfig().then((c) => {
    // A configuration cached by an older server may not name it: the default stays.
    if (Number.isInteger(c.requestTimeoutMs) && c.requestTimeoutMs >= 1000)
      requestTimeoutMs = c.requestTimeoutMs;
    const m = new UserManager(userManagerSettings(c.oidc));
    m.events.addUserLoaded((user) => setState({ user, warning: 'none' }));
    m.events.addUserUnloaded(() => setState({ user: null }));
    // Renewed if the provider still allows it; offline there is nothing to do yet.
    m.events.addAccessTokenExpired(() => {
      if (navigator.onLine) void renewedIfExpired().catch(() => undefined);
    });
    window.addEventListener('offline', () => m.stopSilentRenew());
    // Back online: an expired token is renewed first. Started on it, the automatic renewal would
    // load the expired user again, and its expiry would end the session (session timeout).
    window.addEventListener('online', () => {
      void renewedIfExpired().then(
        () => m.startSilentRenew(),
        () => undefined,
      );
    });
    return m;
  });
  return managerPromise;
}

/** The session has ended: say so, then sign in again and come back (session-timeout page). */
function endSession(): void {
  sessionStorage.setItem(RETURN_KEY, returnPath());
  window.location.assign('/session-timeout');
}

/** Where the user was when the session ended. */
export function storedReturnPath(): string {
  return sessionStorage.getItem(RETURN_KEY) ?? '/';
}

export async function signIn(returnUrl = returnPath()): Promise<void> {
  await signInRedirect(await manager(), currentLocale(), returnUrl);
}

export type SessionStart = 'signedIn' | 'redirecting' | 'offlineWithoutSession';

/**
 * Called when a page needs the user. A stored session is used as it is while offline (cached
 * data needs no token); online, an expired one is renewed or replaced by a new sign-in.
 */
export async function startSession(): Promise<SessionStart> {
  const m = await manager();
  const user = await m.getUser();
  if (user && (!user.expired || !navigator.onLine)) {
    setState({ user });
    return 'signedIn';
  }
  if (!navigator.onLine) return 'offlineWithoutSession';
  // The local development server (`npm run dev`) skips silent sign-in (administration
  // specification, “States and transitions”): a developer signs in on the page.
  if (user?.refresh_token && !import.meta.env.DEV) {
    try {
      setState({ user: await m.signinSilent() });
      return 'signedIn';
    } catch {
      // fall through to a new sign-in
    }
  }
  await signIn();
  return 'redirecting';
}

/** Completes the code flow on /auth/callback; answers where to go next. */
export async function completeSignIn(): Promise<string> {
  const m = await manager();
  const user = await m.signinRedirectCallback();
  if (!user) {
    console.warn('Empty sign-in response');
    return '/';
  }
  setState({ user, warning: 'none' });
  const returnUrl = (user.state as { returnUrl?: string } | undefined)?.returnUrl;
  return returnUrl?.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '/';
}

/** Keeps the session when renewal failed and the user asks to stay. */
export async function renewSession(): Promise<void> {
  const m = await manager();
  try {
    await m.signinSilent();
  } catch {
    await signIn();
  }
}

export async function signOut(): Promise<void> {
  const m = await manager();
  const user = state.user;
  if (!navigator.onLine || !user) {
    await m.removeUser();
    window.location.assign('/logout');
    return;
  }
  await m.signoutRedirect({ id_token_hint: user.id_token });
}
