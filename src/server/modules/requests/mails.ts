import type { CalculationState } from '../../../domain/calculation/states';
import { escapeHtml as esc } from '../../html';
import type { MailMessage } from '../../integrations/mail/outbox';
import { textMail } from '../../integrations/mail/templates';
import { resolveLocale } from '../../../domain/locales';
import { translate } from '../../i18n';

/** The portal's mails about requests and offers, in the recipient's language (texts: `mail.*`). */

/** A decision's mail to the owner of the calculation (texts: `mail.decision`). */
export function decisionMail(
  to: string,
  locale: string,
  customer: string,
  state: CalculationState,
  link: string,
): MailMessage {
  const l = resolveLocale(locale);
  const stateKey = `mail.decision.states.${state}`;
  const stateWords = translate(l, stateKey);
  const text = translate(l, 'mail.decision.text', {
    customer,
    state: stateWords === stateKey ? state : stateWords,
  });
  return {
    to,
    subject: translate(l, 'mail.decision.subject', { customer }),
    text: `${text}\n\n${link}`,
    html: `<p>${esc(text)}</p><p><a href="${esc(link)}">${esc(link)}</a></p>`,
    locale,
  };
}

/** The offer to the customer, with the partner's note (texts: `mail.offer`). */
export function offerMail(to: string, locale: string, partner: string, note: string): MailMessage {
  return textMail(to, locale, 'mail.offer', { partner }, note);
}

/** The provider's answer to a special-case request, in the partner's language (texts: `mail.specialCase`). */
export function specialCaseMail(
  to: string,
  locale: string,
  a: { customer: string; granted: boolean; answer: string; link: string },
): MailMessage {
  const l = resolveLocale(locale);
  const t = (key: string) => translate(l, `mail.specialCase.${key}`, { customer: a.customer });
  const verdict = t(a.granted ? 'granted' : 'refused');
  return {
    to,
    subject: t('subject'),
    text: [verdict, a.answer, `${t('action')} ${a.link}`].join('\n\n'),
    html: `<p>${esc(verdict)}</p><blockquote>${a.answer
      .split('\n')
      .map((line) => esc(line))
      .join('<br>')}</blockquote><p><a href="${esc(a.link)}">${esc(t('action'))}</a></p>`,
    locale: l,
  };
}
