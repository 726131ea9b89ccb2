import type { TranslatedLocale } from '../../../domain/locales';
import { translate, translateCount } from '../../i18n';

/**
 * The customer PDFs' wording, from the translation files (keys under `pdf.`) in the customer's
 * language, which may differ from the partner's interface language. Only the time zone of each
 * language is kept here: it is no wording.
 */

export type PaymentFrequency = 'monthly' | 'quarterly' | 'daily';
export type PaymentPlan =
  'none' | 'EasyStart' | 'Progression' | 'SeasonSpring' | 'SeasonSummer' | 'SeasonWinter';

/** Dates print as the customer's calendar date, whatever the server's zone. */
const TIME_ZONES: Record<TranslatedLocale, string> = {
  'en-IE': 'Europe/Dublin',
  'de-DE': 'Europe/Berlin',
  'sv-SE': 'Europe/Stockholm',
  'fr-FR': 'Europe/Paris',
  'it-IT': 'Europe/Rome',
  'es-ES': 'Europe/Madrid',
  'nl-NL': 'Europe/Amsterdam',
  'da-DK': 'Europe/Copenhagen',
  'et-EE': 'Europe/Tallinn',
  'fi-FI': 'Europe/Helsinki',
  'nb-NO': 'Europe/Oslo',
  'pt-BR': 'America/Sao_Paulo',
  'pt-PT': 'Europe/Lisbon',
  'pl-PL': 'Europe/Warsaw',
  'ar-AE': 'Asia/Dubai',
  'bg-BG': 'Europe/Sofia',
  'cs-CZ': 'Europe/Prague',
  'el-GR': 'Europe/Athens',
  'hr-HR': 'Europe/Zagreb',
  'hu-HU': 'Europe/Budapest',
  'lt-LT': 'Europe/Vilnius',
  'lv-LV': 'Europe/Riga',
  'ro-RO': 'Europe/Bucharest',
  'ru-RU': 'Europe/Moscow',
  'sk-SK': 'Europe/Bratislava',
  'sl-SI': 'Europe/Ljubljana',
  'sr-RS': 'Europe/Belgrade',
  'tr-TR': 'Europe/Istanbul',
  'uk-UA': 'Europe/Kyiv',
};

const FREQUENCIES = ['monthly', 'quarterly', 'daily'] as const;
const PLANS = ['none', 'EasyStart', 'Progression', 'SeasonSpring', 'SeasonSummer', 'SeasonWinter'] as const;
const FEES = ['handlingFee', 'advancePayment', 'securityDeposit'] as const;
/** The words every document uses alike (`pdf.common`). */
const COMMON_WORDS = [
  'date',
  'validUntil',
  'customer',
  'objects',
  'price',
  'contract',
  'paymentFrequency',
  'term',
  'fees',
  'note',
] as const;
const OFFER_WORDS = [
  'title',
  'subject',
  'reference',
  'description',
  'quantity',
  'nav',
  'contractType',
  'periods',
  'monthlyEquivalent',
  'paymentPlan',
  'rentFree',
] as const;
const CONTRACT_WORDS = [
  'title',
  'lessor',
  'lessee',
  'supplier',
  'serial',
  'terms',
  'nav',
  'instalment',
  'signatures',
  'place',
  'forPartner',
  'reference',
  'registration',
] as const;
const REDEMPTION_WORDS = [
  'title',
  'subject',
  'contractNumber',
  'subLessee',
  'startDate',
  'endDate',
  'instalment',
  'instalmentsLabel',
  'rate',
  'residualValue',
  'calculation',
  'residualPresentValue',
  'fee',
  'total',
] as const;

/** A document's own words and the common ones. */
type Word<W extends readonly string[]> = W[number] | (typeof COMMON_WORDS)[number];

export interface PdfTexts {
  timeZone: string;
  page: (page: number, pages: number) => string;
  months: (count: number) => string;
  frequency: Record<PaymentFrequency, string>;
  /** "€1,173.21 per quarter", "€391.07 a month". */
  perPeriod: Record<PaymentFrequency, (amount: string) => string>;
  aMonth: (amount: string) => string;
  fees: Record<(typeof FEES)[number], string>;
  offer: Record<Word<typeof OFFER_WORDS>, string> & {
    instalment: Record<PaymentFrequency, string>;
    plans: Record<PaymentPlan, string>;
    /** A run of equal instalments of a plan. */
    scheduleLine: (from: number, to: number, amount: string) => string;
    disclaimer: (brandName: string) => string;
  };
  contract: Record<Word<typeof CONTRACT_WORDS>, string>;
  redemption: Record<Word<typeof REDEMPTION_WORDS>, string> & {
    instalments: (paid: number, total: number) => string;
    remaining: (count: number) => string;
    disclaimer: (brand: string, until: string) => string;
  };
}

function textsOf(locale: TranslatedLocale): PdfTexts {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `pdf.${key}`, Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)])));
  const words = <K extends string>(prefix: string, keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)])) as Record<K, string>;
  const common = words('common', COMMON_WORDS);
  return {
    timeZone: TIME_ZONES[locale],
    page: (page, pages) => t('page', { page, pages }),
    months: (count) => translateCount(locale, 'pdf.months', count),
    frequency: words('frequency', FREQUENCIES),
    perPeriod: Object.fromEntries(
      FREQUENCIES.map((f) => [f, (amount: string) => t(`perPeriod.${f}`, { amount })]),
    ) as PdfTexts['perPeriod'],
    aMonth: (amount) => t('aMonth', { amount }),
    fees: words('fees', FEES),
    offer: {
      ...common,
      ...words('offer', OFFER_WORDS),
      instalment: words('offer.instalment', FREQUENCIES),
      plans: words('offer.plans', PLANS),
      scheduleLine: (from, to, amount) =>
        from === to
          ? t('offer.scheduleLine', { from, amount })
          : t('offer.scheduleRange', { from, to, amount }),
      disclaimer: (brand) => t('offer.disclaimer', { brand }),
    },
    contract: { ...common, ...words('contract', CONTRACT_WORDS) },
    redemption: {
      ...common,
      ...words('redemption', REDEMPTION_WORDS),
      instalments: (paid, total) => t('redemption.instalments', { paid, total }),
      remaining: (count) => translateCount(locale, 'pdf.redemption.remaining', count),
      disclaimer: (brand, until) => t('redemption.disclaimer', { brand, until }),
    },
  };
}

const cache = new Map<TranslatedLocale, PdfTexts>();
export function pdfTexts(locale: TranslatedLocale): PdfTexts {
  const known = locale in TIME_ZONES ? locale : 'en-IE';
  let texts = cache.get(known);
  if (!texts) cache.set(known, (texts = textsOf(known)));
  return texts;
}

/** The one-off amounts of a calculation that a customer's PDF lists, in its language. */
export function oneOffFees(
  v: { handlingFeeAmount: number; advancePaymentAmount: number; securityDepositAmount: number },
  locale: TranslatedLocale,
): { label: string; amount: number }[] {
  const names = pdfTexts(locale).fees;
  return (
    [
      ['handlingFee', v.handlingFeeAmount],
      ['advancePayment', v.advancePaymentAmount],
      ['securityDeposit', v.securityDepositAmount],
    ] as const
  )
    .filter(([, amount]) => amount > 0)
    .map(([fee, amount]) => ({ label: names[fee], amount }));
}
