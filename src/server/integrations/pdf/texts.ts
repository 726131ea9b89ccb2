/**
 * The customer PDFs' own wording. It lives here, not in `locales/`, because the PDF speaks the
 * customer's language, which may differ from the partner's interface language.
 */

export type PdfLocale = 'en-IE' | 'de-DE' | 'sv-SE';
export type PaymentFrequency = 'monthly' | 'quarterly' | 'daily';
export type PaymentPlan =
  'none' | 'EasyStart' | 'Progression' | 'SeasonSpring' | 'SeasonSummer' | 'SeasonWinter';

export interface PdfTexts {
  /** Dates print as the customer's calendar date, whatever the server's zone. */
  timeZone: string;
  page: (page: number, pages: number) => string;
  months: (count: number) => string;
  frequency: Record<PaymentFrequency, string>;
  /** "€1,173.21 per quarter", "€391.07 a month". */
  perPeriod: Record<PaymentFrequency, (amount: string) => string>;
  aMonth: (amount: string) => string;
  fees: Record<'handlingFee' | 'advancePayment' | 'securityDeposit', string>;
  offer: {
    title: string;
    subject: string;
    reference: string;
    date: string;
    validUntil: string;
    customer: string;
    objects: string;
    description: string;
    quantity: string;
    price: string;
    nav: string;
    contract: string;
    contractType: string;
    paymentFrequency: string;
    periods: string;
    term: string;
    instalment: Record<PaymentFrequency, string>;
    /** The column beside a quarterly or daily instalment. */
    monthlyEquivalent: string;
    paymentPlan: string;
    plans: Record<PaymentPlan, string>;
    /** A run of equal instalments of a plan. */
    scheduleLine: (from: number, to: number, amount: string) => string;
    rentFree: string;
    fees: string;
    note: string;
    disclaimer: (brandName: string) => string;
  };
}

const TEXTS: Record<PdfLocale, PdfTexts> = {
  'en-IE': {
    timeZone: 'Europe/Dublin',
    page: (n, m) => `Page ${n} of ${m}`,
    months: (n) => (n === 1 ? '1 month' : `${n} months`),
    frequency: { monthly: 'Monthly', quarterly: 'Quarterly', daily: 'Daily' },
    perPeriod: {
      monthly: (a) => `${a} per month`,
      quarterly: (a) => `${a} per quarter`,
      daily: (a) => `${a} per day`,
    },
    aMonth: (a) => `${a} a month`,
    fees: {
      handlingFee: 'Handling fee',
      advancePayment: 'Advance payment',
      securityDeposit: 'Security deposit',
    },
    offer: {
      title: 'Offer',
      subject: 'Leasing offer',
      reference: 'Offer reference',
      date: 'Date',
      validUntil: 'Valid until',
      customer: 'Customer',
      objects: 'Leased objects',
      description: 'Description',
      quantity: 'Quantity',
      price: 'Price',
      nav: 'Net acquisition value',
      contract: 'Contract',
      contractType: 'Contract type',
      paymentFrequency: 'Payment frequency',
      periods: 'Offered terms',
      term: 'Term',
      instalment: {
        monthly: 'Monthly instalment',
        quarterly: 'Quarterly instalment',
        daily: 'Daily instalment',
      },
      monthlyEquivalent: 'A month',
      paymentPlan: 'Payment plan',
      plans: {
        none: 'Level instalments',
        EasyStart: 'EasyStart',
        Progression: 'Progression',
        SeasonSpring: 'Season spring',
        SeasonSummer: 'Season summer',
        SeasonWinter: 'Season winter',
      },
      scheduleLine: (f, t, a) => (f === t ? `Instalment ${f}: ${a}` : `Instalments ${f}–${t}: ${a}`),
      rentFree: 'Rent-free start',
      fees: 'Fees',
      note: 'Remarks',
      disclaimer: (b) => `This offer is not binding and subject to credit approval by ${b}.`,
    },
  },
  'de-DE': {
    timeZone: 'Europe/Berlin',
    page: (n, m) => `Seite ${n} von ${m}`,
    months: (n) => (n === 1 ? '1 Monat' : `${n} Monate`),
    frequency: { monthly: 'Monatlich', quarterly: 'Vierteljährlich', daily: 'Täglich' },
    perPeriod: {
      monthly: (a) => `${a} pro Monat`,
      quarterly: (a) => `${a} pro Quartal`,
      daily: (a) => `${a} pro Tag`,
    },
    aMonth: (a) => `${a} im Monat`,
    fees: { handlingFee: 'Bearbeitungsgebühr', advancePayment: 'Sonderzahlung', securityDeposit: 'Kaution' },
    offer: {
      title: 'Angebot',
      subject: 'Leasingangebot',
      reference: 'Angebotsnummer',
      date: 'Datum',
      validUntil: 'Gültig bis',
      customer: 'Kunde',
      objects: 'Leasingobjekte',
      description: 'Beschreibung',
      quantity: 'Menge',
      price: 'Preis',
      nav: 'Netto-Anschaffungswert',
      contract: 'Vertrag',
      contractType: 'Vertragsart',
      paymentFrequency: 'Zahlungsweise',
      periods: 'Angebotene Laufzeiten',
      term: 'Laufzeit',
      instalment: { monthly: 'Monatliche Rate', quarterly: 'Vierteljährliche Rate', daily: 'Tägliche Rate' },
      monthlyEquivalent: 'Im Monat',
      paymentPlan: 'Zahlungsplan',
      plans: {
        none: 'Gleichbleibende Raten',
        EasyStart: 'EasyStart',
        Progression: 'Progression',
        SeasonSpring: 'Saison Frühling',
        SeasonSummer: 'Saison Sommer',
        SeasonWinter: 'Saison Winter',
      },
      scheduleLine: (f, t, a) => (f === t ? `Rate ${f}: ${a}` : `Raten ${f}–${t}: ${a}`),
      rentFree: 'Mietfreier Beginn',
      fees: 'Gebühren',
      note: 'Bemerkungen',
      disclaimer: (b) =>
        `Dieses Angebot ist unverbindlich und steht unter dem Vorbehalt der Kreditgenehmigung durch ${b}.`,
    },
  },
  'sv-SE': {
    timeZone: 'Europe/Stockholm',
    page: (n, m) => `Sida ${n} av ${m}`,
    months: (n) => (n === 1 ? '1 månad' : `${n} månader`),
    frequency: { monthly: 'Månadsvis', quarterly: 'Kvartalsvis', daily: 'Dagligen' },
    perPeriod: {
      monthly: (a) => `${a} per månad`,
      quarterly: (a) => `${a} per kvartal`,
      daily: (a) => `${a} per dag`,
    },
    aMonth: (a) => `${a} i månaden`,
    fees: {
      handlingFee: 'Expeditionsavgift',
      advancePayment: 'Förskottsbetalning',
      securityDeposit: 'Säkerhetsdeposition',
    },
    offer: {
      title: 'Offert',
      subject: 'Leasingoffert',
      reference: 'Offertreferens',
      date: 'Datum',
      validUntil: 'Giltig till',
      customer: 'Kund',
      objects: 'Leasingobjekt',
      description: 'Beskrivning',
      quantity: 'Antal',
      price: 'Pris',
      nav: 'Nettoanskaffningsvärde',
      contract: 'Avtal',
      contractType: 'Avtalstyp',
      paymentFrequency: 'Betalningsintervall',
      periods: 'Erbjudna löptider',
      term: 'Löptid',
      instalment: { monthly: 'Månadsavgift', quarterly: 'Kvartalsavgift', daily: 'Dagsavgift' },
      monthlyEquivalent: 'Per månad',
      paymentPlan: 'Betalningsplan',
      plans: {
        none: 'Jämna avgifter',
        EasyStart: 'EasyStart',
        Progression: 'Progression',
        SeasonSpring: 'Säsong vår',
        SeasonSummer: 'Säsong sommar',
        SeasonWinter: 'Säsong vinter',
      },
      scheduleLine: (f, t, a) => (f === t ? `Avgift ${f}: ${a}` : `Avgift ${f}–${t}: ${a}`),
      rentFree: 'Hyresfri start',
      fees: 'Avgifter',
      note: 'Kommentarer',
      disclaimer: (b) => `Denna offert är inte bindande och förutsätter kreditgodkännande av ${b}.`,
    },
  },
};

export const pdfTexts = (locale: PdfLocale): PdfTexts => TEXTS[locale] ?? TEXTS['en-IE'];

/** The one-off amounts of a calculation that a customer's PDF lists, in its language. */
export function oneOffFees(
  v: { handlingFeeAmount: number; advancePaymentAmount: number; securityDepositAmount: number },
  locale: PdfLocale,
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
