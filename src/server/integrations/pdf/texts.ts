/**
 * The customer PDFs' own wording. It lives here, not in `locales/`, because the PDF speaks the
 * customer's language, which may differ from the partner's interface language.
 */

export type PdfLocale = 'en-IE' | 'de-DE' | 'sv-SE';
export type PaymentFrequency = 'monthly' | 'quarterly' | 'daily';

export interface PdfTexts {
  /** Dates print as the customer's calendar date, whatever the server's zone. */
  timeZone: string;
  page: (page: number, pages: number) => string;
  months: (count: number) => string;
  frequency: Record<PaymentFrequency, string>;
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
      fees: 'Avgifter',
      note: 'Kommentarer',
      disclaimer: (b) => `Denna offert är inte bindande och förutsätter kreditgodkännande av ${b}.`,
    },
  },
};

export const pdfTexts = (locale: PdfLocale): PdfTexts => TEXTS[locale] ?? TEXTS['en-IE'];
