import { createHash } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/users';
import { textDirectionOf } from '../../domain/locales';
import { translate } from '../i18n';
import { escapeHtml as esc } from '../html';

/** The page that sends a reset link to the address typed in (identity/forgot-password.ts). */
export const FORGOT_PASSWORD_PATH = '/sign-in/forgot';

/** Server-rendered pages of the identity provider: sign-in, sign-out hand-off, errors. */

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef2f7;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a202c}
main{width:min(420px,calc(100vw - 32px));background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(15,40,80,.12);padding:32px}
.logo{display:flex;align-items:center;gap:10px;font-weight:700;color:#1f4e8c;margin-bottom:24px}
h1{font-size:1.4rem;margin:0 0 20px}label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid #cbd5e0;border-radius:6px;font:inherit}
input:focus{outline:2px solid #3b7dd8;outline-offset:1px;border-color:#3b7dd8}
button{margin-top:24px;width:100%;padding:11px;border:0;border-radius:6px;background:#1f4e8c;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#173d6e}.alert{background:#fff5f5;border:1px solid #feb2b2;color:#9b2c2c;border-radius:6px;padding:12px;margin-bottom:8px}
.alert p{margin:4px 0 0;font-size:.9rem;color:#742a2a}.muted{color:#4a5568;font-size:.85rem;margin-top:20px}`;

function page(locale: string, title: string, body: string): string {
  return `<!doctype html><html lang="${esc(locale)}" dir="${textDirectionOf(locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head><body><main>
<div class="logo"><img src="/favicon.svg" alt="" width="36" height="36">${esc(translate(locale, 'app.name'))}</div>${body}</main></body></html>`;
}

/** An address inside a sentence keeps its own direction (an Arabic page would scramble it). */
const isolated = (text: string) => `\u2068${text}\u2069`;

export function signInPage(opts: {
  locale: string;
  action: string;
  email?: string;
  failed?: 'credentials' | 'throttled';
  /** Seconds to wait before the next try, when throttled. */
  wait?: number;
}): string {
  const t = (key: string, vars?: Record<string, string>) => esc(translate(opts.locale, key, vars));
  const message =
    opts.failed === 'throttled'
      ? t('signIn.throttled', { wait: duration(opts.locale, opts.wait ?? 0) })
      : t('signIn.invalidCredentials');
  const alert = opts.failed
    ? `<div class="alert" role="alert">${message}<p>${t('signIn.contactBranch')}</p></div>`
    : '';
  return page(
    opts.locale,
    translate(opts.locale, 'signIn.title'),
    `<h1>${t('signIn.title')}</h1>${alert}
<form method="post" action="${esc(opts.action)}" autocomplete="on" novalidate>
<label for="email">${t('signIn.email')}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${esc(opts.email ?? '')}" ${opts.email ? '' : 'autofocus'}>
<label for="password">${t('signIn.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required ${opts.email ? 'autofocus' : ''}>
<button type="submit">${t('signIn.submit')}</button></form>
<p class="muted">${t('signIn.hint')}</p>
<p class="muted"><a href="${FORGOT_PASSWORD_PATH}?l=${esc(opts.locale)}">${t('signIn.forgot')}</a></p>`,
  );
}

/** '40 seconds', '5 minutes' in the page's language. */
function duration(locale: string, seconds: number): string {
  const minutes = seconds >= 90;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(minutes ? Math.ceil(seconds / 60) : seconds);
}

export function setPasswordPage(opts: {
  locale: string;
  action: string;
  email: string;
  problem?: string;
}): string {
  const t = (key: string, vars?: Record<string, string>) => esc(translate(opts.locale, key, vars));
  const alert = opts.problem
    ? `<div class="alert" role="alert">${t(opts.problem, { min: String(PASSWORD_MIN_LENGTH), max: String(PASSWORD_MAX_LENGTH) })}</div>`
    : '';
  return page(
    opts.locale,
    translate(opts.locale, 'password.title'),
    `<h1>${t('password.title')}</h1><p>${t('password.intro', { email: isolated(opts.email) })}</p>${alert}
<form method="post" action="${esc(opts.action)}" novalidate>
<input type="hidden" name="username" autocomplete="username" value="${esc(opts.email)}">
<label for="password">${t('password.new')}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" autofocus>
<label for="repeat">${t('password.repeat')}</label>
<input id="repeat" name="repeat" type="password" autocomplete="new-password" required>
<p class="muted">${t('password.rules', { min: String(PASSWORD_MIN_LENGTH) })}</p>
<button type="submit">${t('password.submit')}</button></form>`,
  );
}

/** Asks for the e-mail address to send a reset link to (docs/security.md, "Passwords"). */
export function forgotPasswordPage(opts: {
  locale: string;
  email?: string;
  problem?: 'invalidEmail' | 'throttled';
  /** Seconds to wait before the next request, when throttled. */
  wait?: number;
}): string {
  const t = (key: string, vars?: Record<string, string>) => esc(translate(opts.locale, key, vars));
  const alert = opts.problem
    ? `<div class="alert" role="alert">${t(`forgotPassword.${opts.problem}`, { wait: duration(opts.locale, opts.wait ?? 0) })}</div>`
    : '';
  return page(
    opts.locale,
    translate(opts.locale, 'forgotPassword.title'),
    `<h1>${t('forgotPassword.title')}</h1><p>${t('forgotPassword.intro')}</p>${alert}
<form method="post" action="${FORGOT_PASSWORD_PATH}?l=${esc(opts.locale)}" novalidate>
<label for="email">${t('signIn.email')}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${esc(opts.email ?? '')}" autofocus${opts.problem === 'invalidEmail' ? ' aria-invalid="true"' : ''}>
<button type="submit">${t('forgotPassword.submit')}</button></form>
<p class="muted"><a href="/">${t('forgotPassword.backToSignIn')}</a></p>`,
  );
}

/** The same answer whether the address is a user's or not: nothing tells who has an account. */
export function forgotPasswordSentPage(locale: string, email: string, validHours: string): string {
  const t = (key: string, vars?: Record<string, string>) => esc(translate(locale, key, vars));
  return page(
    locale,
    translate(locale, 'forgotPassword.sentTitle'),
    `<h1>${t('forgotPassword.sentTitle')}</h1><p role="status">${t('forgotPassword.sentText', { email: isolated(email), validHours })}</p>
<p class="muted">${t('forgotPassword.noMail')}</p>
<p class="muted"><a href="/">${t('forgotPassword.backToSignIn')}</a></p>`,
  );
}

/** A page with a title, a text and an optional link button. */
export function messagePage(
  locale: string,
  title: string,
  text: string,
  link?: { href: string; label: string },
): string {
  return page(
    locale,
    title,
    `<h1>${esc(title)}</h1><p>${esc(text)}</p>${
      link
        ? `<a href="${esc(link.href)}" style="display:block;text-align:center;margin-top:24px;padding:11px;border-radius:6px;background:#1f4e8c;color:#fff;font-weight:600;text-decoration:none">${esc(link.label)}</a>`
        : ''
    }`,
  );
}

/** Sign-out was asked for in the portal already: confirm the provider's form at once. */
/** The sign-out hand-off's one inline script, allowed by its hash in the CSP. */
const LOGOUT_SCRIPT = 'document.forms[0].submit()';
export const LOGOUT_SCRIPT_HASH = `sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}`;

export function logoutPage(form: string): string {
  const withConsent = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sign out</title></head><body>${withConsent}
<script>${LOGOUT_SCRIPT}</script><noscript><button form="op.logoutForm" type="submit">Sign out</button></noscript></body></html>`;
}

export function errorPage(out: { error: string; error_description?: string }, locale = 'en-IE'): string {
  return page(
    locale,
    translate(locale, 'errors.authentication.title'),
    `<h1>${esc(translate(locale, 'errors.authentication.title'))}</h1>
<div class="alert" role="alert">${esc(translate(locale, 'errors.authentication.text'))}<p>${esc(out.error)}${
      out.error_description ? `: ${esc(out.error_description)}` : ''
    }</p></div><p class="muted"><a href="/">${esc(translate(locale, 'errors.backToStart'))}</a></p>`,
  );
}
