import { initialLocale, keepQueryLocale } from '../i18n/initial-locale';
import { loadOidcSettings, signInRedirect, userManagerSettings } from './oidc-settings';

/**
 * The sections of the app that need a session (the children of `/` in src/app/route-table.tsx;
 * route-table.test.ts keeps the two in step). Static pages and unknown paths render without one.
 */
const SESSION_SECTIONS = [
  'calculations',
  'contracts',
  'mygrenke',
  'backoffice',
  'sync',
  'sign-out',
  'help-center',
  'faq-center',
];

export function needsSession(pathname: string): boolean {
  return pathname === '/' || SESSION_SECTIONS.includes(pathname.split('/')[1]!);
}

/**
 * A visitor with no session in this tab (oidc-client-ts keeps it in session storage under
 * `oidc.user:…`) is online on a page that needs one: the app would only send them to sign in, so
 * the entry does that itself, before the app is downloaded. Offline the app starts and says
 * what it can do without a session.
 */
export function signInFirst(): boolean {
  if (!navigator.onLine || !needsSession(window.location.pathname)) return false;
  return !Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:'));
}

/** Starts the code flow as the app's `signIn()` does, in the start locale (an `l` kept for after). */
export async function redirectToSignIn(): Promise<void> {
  const locale = initialLocale();
  keepQueryLocale();
  const [{ UserManager }, settings] = await Promise.all([import('oidc-client-ts'), loadOidcSettings()]);
  await signInRedirect(new UserManager(userManagerSettings(settings)), locale);
}
