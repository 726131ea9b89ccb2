import { UserManager, type User } from 'oidc-client-ts';
import { configureHttp } from '../http';
import { currentLocale } from '../i18n/i18n';
import {
  loadOidcSettings,
  RETURN_KEY,
  returnPath,
  signInRedirect,
  userManagerSettings,
} from './oidc-settings';

/**
 * The sign-in session (administration specification, “States and transitions”): authorization code with PKCE through
 * oidc-client-ts, tokens in session storage only, silent renewal with the refresh token
 * (paused while offline: renewing offline would sign the user out), a new sign-in when the
 * token has expired, and sign-out to /logout.
 */
export type { OidcSettings } from '../../domain/api/config';

export type SessionWarning = 'none' | 'expiring';

interface State {
  user: User | null;
  warning: SessionWarning;
}

let state: State = { user: null, warning: 'none' };
const listeners = new Set<() => void>();
let managerPromise: Promise<UserManager> | undefined;

function setState(next: Partial<State>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
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

configureHttp({ accessToken: () => state.user?.access_token });

function manager(): Promise<UserManager> {
  managerPromise ??= loadOidcSettings().then((s) => {
    const m = new UserManager(userManagerSettings(s));
    m.events.addUserLoaded((user) => setState({ user, warning: 'none' }));
    m.events.addUserUnloaded(() => setState({ user: null }));
    // Renewal failed: warn before the session ends, and sign in again once it has.
    m.events.addSilentRenewError(() => setState({ warning: 'expiring' }));
    // The session has ended: say so, then sign in again and come back (session-timeout page).
    m.events.addAccessTokenExpired(() => {
      if (!navigator.onLine) return;
      sessionStorage.setItem(RETURN_KEY, returnPath());
      window.location.assign('/session-timeout');
    });
    window.addEventListener('offline', () => m.stopSilentRenew());
    window.addEventListener('online', () => {
      m.startSilentRenew();
      if (state.user?.expired) void m.signinSilent().catch(() => signIn());
    });
    return m;
  });
  return managerPromise;
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
  if (user?.refresh_token) {
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
