import { resolveLocale, textDirectionOf } from '../../../domain/locales';
import { translate, translateCount } from '../../i18n';
import type { MailMessage } from './outbox';
import { escapeHtml as esc } from '../../html';

/** Mails in the recipient's language, from the translation files (keys under `mail.`). */

function compose(
  kind: 'invitation' | 'passwordReset' | 'passwordResetRequested',
  to: string,
  locale: string,
  vars: { firstName: string; partnerName: string; link: string; validHours: number },
): MailMessage {
  const l = resolveLocale(locale);
  const texts = { ...vars, validHours: translateCount(l, 'mail.hours', vars.validHours) };
  const t = (key: string) => translate(l, `mail.${kind}.${key}`, texts);
  const closing = translate(l, 'mail.closing');
  const text = [t('greeting'), t('body'), vars.link, t('validity'), closing].join('\n\n');
  const html = `<!doctype html><html lang="${l}" dir="${textDirectionOf(l)}"><body style="font-family:system-ui,sans-serif;color:#1a202c;line-height:1.5">
<p>${esc(t('greeting'))}</p><p>${esc(t('body'))}</p>
<p><a href="${esc(vars.link)}" style="display:inline-block;background:#1f4e8c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(t('action'))}</a></p>
<p style="font-size:13px;color:#4a5568">${esc(t('validity'))}<br>${esc(vars.link)}</p><p>${esc(closing)}</p></body></html>`;
  return { to, subject: t('subject'), text, html, locale: l };
}

export const invitationMail = (to: string, locale: string, vars: Parameters<typeof compose>[3]) =>
  compose('invitation', to, locale, vars);

export const passwordResetMail = (to: string, locale: string, vars: Parameters<typeof compose>[3]) =>
  compose('passwordReset', to, locale, vars);

/** A reset the user asked for on the sign-in page (identity/forgot-password.ts). */
export const passwordResetRequestedMail = (to: string, locale: string, vars: Parameters<typeof compose>[3]) =>
  compose('passwordResetRequested', to, locale, vars);

/**
 * A mail of a subject and a text under `key` (`mail.offer`, `mail.redemption`) with their
 * variables, and the sender's own note after the text when there is one.
 */
export function textMail(
  to: string,
  locale: string,
  key: string,
  vars: Record<string, string>,
  note: string,
): MailMessage {
  const text = translate(locale, `${key}.text`, vars);
  const body = note.trim() ? `${text}\n\n${note.trim()}` : text;
  return {
    to,
    subject: translate(locale, `${key}.subject`, vars),
    text: body,
    html: body
      .split('\n')
      .map((line) => `<p>${esc(line)}</p>`)
      .join(''),
    locale,
  };
}
