import type { UserManager, UserManagerSettings } from 'oidc-client-ts';
import type { ClientConfig, OidcSettings } from '../../domain/api/config';
import { SESSION } from '../../domain/constants';
import { config } from '../../domain/api/endpoints/session';

/**
 * The one set of sign-in settings: the sign-in entry (entry.ts) starts the code flow with them
 * and the session (session.ts) completes it, so the state stored between the two matches.
 */
export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch(config.path);
  if (!response.ok) throw new Error(`configuration: HTTP ${response.status}`);
  return (await response.json()) as ClientConfig;
}

export const loadOidcSettings = async (): Promise<OidcSettings> => (await loadClientConfig()).oidc;

export function userManagerSettings(s: OidcSettings): UserManagerSettings {
  return {
    authority: s.authority,
    client_id: s.clientId,
    redirect_uri: `${window.location.origin}/auth/callback`,
    post_logout_redirect_uri: `${window.location.origin}/logout`,
    response_type: 'code',
    scope: s.scope,
    resource: s.audience,
    automaticSilentRenew: navigator.onLine,
    // Renewal starts here; the user is warned later, at SESSION.expiryWarningSeconds (session.ts).
    accessTokenExpiringNotificationTimeInSeconds: SESSION.renewBeforeSeconds,
    monitorSession: false,
    loadUserInfo: false,
  };
}

/** Where the user was when the session ended (session-timeout page). */
export const RETURN_KEY = 'returnPath';

/** The page path to come back to after sign-in; query strings are dropped (administration specification, “States and transitions”). */
export function returnPath(): string {
  const { pathname } = window.location;
  return pathname.startsWith('/auth/') || pathname === '/session-timeout' ? '/' : pathname;
}

/** Starts the code flow: back to `returnUrl` after sign-in, the sign-in page in `locale`. */
export function signInRedirect(m: UserManager, locale: string, returnUrl = returnPath()): Promise<void> {
  sessionStorage.removeItem(RETURN_KEY);
  return m.signinRedirect({ state: { returnUrl }, ui_locales: locale });
}
