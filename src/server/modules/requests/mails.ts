import type { CalculationState } from '../../../domain/calculation/states';
import { escapeHtml as esc } from '../../html';
import type { MailMessage } from '../../integrations/mail/outbox';
import { resolveLocale } from '../../../domain/locales';
import { translate } from '../../i18n';

/** The portal's mails about requests and offers, in the recipient's language. */
type Language = 'en' | 'de' | 'sv';
const languageOf = (locale: string): Language =>
  locale.startsWith('de') ? 'de' : locale.startsWith('sv') ? 'sv' : 'en';

const STATE_WORDS: Record<Language, Partial<Record<CalculationState, string>>> = {
  en: {
    readyToSign: 'approved: ready to sign',
    bankGuarantee: 'approved on condition of a bank guarantee',
    missingQuoteInfo: 'waiting for more information',
    declined: 'declined',
    contracted: 'contracted: the contract is in force',
    missingApplicationInfo: 'missing documents of the application',
  },
  de: {
    readyToSign: 'genehmigt: bereit zur Unterschrift',
    bankGuarantee: 'genehmigt unter der Bedingung einer Bankbürgschaft',
    missingQuoteInfo: 'wartet auf weitere Angaben',
    declined: 'abgelehnt',
    contracted: 'abgeschlossen: der Vertrag ist wirksam',
    missingApplicationInfo: 'es fehlen Unterlagen zum Antrag',
  },
  sv: {
    readyToSign: 'godkänd: klar att signera',
    bankGuarantee: 'godkänd på villkor om bankgaranti',
    missingQuoteInfo: 'väntar på mer information',
    declined: 'avslagen',
    contracted: 'klar: avtalet gäller',
    missingApplicationInfo: 'dokument saknas i ansökan',
  },
};

const DECISION: Record<Language, (customer: string, state: string) => { subject: string; text: string }> = {
  en: (c, s) => ({
    subject: `Credit decision for ${c}`,
    text: `The request for ${c} is ${s}. Open the calculation in the Partner Portal for details.`,
  }),
  de: (c, s) => ({
    subject: `Kreditentscheidung für ${c}`,
    text: `Die Anfrage für ${c} ist ${s}. Öffnen Sie die Kalkulation im Partnerportal für Einzelheiten.`,
  }),
  sv: (c, s) => ({
    subject: `Kreditbeslut för ${c}`,
    text: `Förfrågan för ${c} är ${s}. Öppna kalkylen i partnerportalen för detaljer.`,
  }),
};

export function decisionMail(
  to: string,
  locale: string,
  customer: string,
  state: CalculationState,
  link: string,
): MailMessage {
  const lang = languageOf(locale);
  const { subject, text } = DECISION[lang](customer, STATE_WORDS[lang][state] ?? state);
  return {
    to,
    subject,
    text: `${text}\n\n${link}`,
    html: `<p>${esc(text)}</p><p><a href="${esc(link)}">${esc(link)}</a></p>`,
    locale,
  };
}

const OFFER: Record<Language, (partner: string) => { subject: string; text: string }> = {
  en: (p) => ({
    subject: `Your leasing offer from ${p}`,
    text: `Please find attached your leasing offer from ${p}.`,
  }),
  de: (p) => ({
    subject: `Ihr Leasingangebot von ${p}`,
    text: `Anbei erhalten Sie Ihr Leasingangebot von ${p}.`,
  }),
  sv: (p) => ({
    subject: `Ditt leasingerbjudande från ${p}`,
    text: `Bifogat finns ditt leasingerbjudande från ${p}.`,
  }),
};

export function offerMail(to: string, locale: string, partner: string, note: string): MailMessage {
  const { subject, text } = OFFER[languageOf(locale)](partner);
  const body = note ? `${text}\n\n${note}` : text;
  return {
    to,
    subject,
    text: body,
    html: body
      .split('\n')
      .map((line) => `<p>${esc(line)}</p>`)
      .join(''),
    locale,
  };
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
