import type { MailMessage } from '../../integrations/mail/outbox';
import { escapeHtml as esc } from '../../html';
import { translate } from '../../i18n';

/** The customer's link to the offer page, in the offer's language (texts: `mail.offerLink`). */
export function offerLinkMail(
  to: string,
  locale: string,
  partner: string,
  note: string,
  link: string,
  validUntil: Date,
): MailMessage {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(validUntil);
  const text = translate(locale, 'mail.offerLink.text', { partner, date });
  const action = translate(locale, 'mail.offerLink.action');
  const lines = [text, ...(note.trim() ? [note.trim()] : [])];
  return {
    to,
    subject: translate(locale, 'mail.offerLink.subject', { partner }),
    text: [...lines, `${action} ${link}`].join('\n\n'),
    html: `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(link)}">${esc(action)}</a></p>`,
    locale,
  };
}
