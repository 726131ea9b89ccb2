import { BILLING } from '../../../domain/calculation/billing';
import { translatePlan } from '../../i18n';
import { isolate } from './bidi';
import { COLOR, formatDate, formatMoney, mm, PdfLayout, SIZE } from './layout';
import type { TranslatedLocale } from '../../../domain/locales';
import { pdfTexts, type PaymentFrequency, type PaymentPlan } from './texts';

/**
 * The paper contract (portal specification, “The calls it makes” 'Paper contract'): parties, objects with serial
 * numbers, the instalment and fees, and the signature fields of the customer's signees and the
 * partner. Printed, signed by hand, uploaded again with the delivery note.
 */
export interface ContractPdfInput {
  locale: TranslatedLocale;
  brandName: string;
  partnerName: string;
  reference: string;
  issuedAt: Date;
  customer: { name: string; registrationNumber?: string; address: string };
  supplier: { name: string; address: string };
  objects: { description: string; quantity: number; price: number; serialNumber: string }[];
  currency: string;
  nav: number;
  periodInMonths: number;
  /** Per billing period; `monthly` its monthly equivalent (beside a quarterly or daily one). */
  instalment: number;
  monthly?: number;
  paymentFrequency: PaymentFrequency;
  paymentPlan: PaymentPlan;
  schedule: { fromInstallment: number; toInstallment: number; totalInstallmentAmount: number }[];
  rentFreeMonths: number;
  fees: { label: string; amount: number }[];
  signees: string[];
}

export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const t = pdfTexts(input.locale);
  const w = t.contract;
  const money = (amount: number) => formatMoney(amount, input.currency, input.locale);
  const pdf = await PdfLayout.create(input.locale);
  pdf.doc.setTitle(`${w.title} ${input.reference}`);
  pdf.doc.setAuthor(input.brandName);
  pdf.doc.setLanguage(input.locale);
  pdf.doc.setCreationDate(input.issuedAt);
  pdf.doc.setModificationDate(input.issuedAt);

  pdf.paragraph(w.title, { size: SIZE.title, bold: true });
  pdf.paragraph(
    `${w.reference} ${isolate(input.reference)} · ${formatDate(input.issuedAt, input.locale, t.timeZone)}`,
    {
      color: COLOR.muted,
    },
  );
  pdf.gap(mm(4));
  pdf.keyValues([
    [w.lessor, input.brandName],
    [w.lessee, input.customer.name],
    ...(input.customer.registrationNumber
      ? ([[w.registration, input.customer.registrationNumber]] as [string, string][])
      : []),
    ['', input.customer.address],
    [w.supplier, `${input.supplier.name}, ${input.supplier.address}`],
  ]);

  pdf.heading(w.objects);
  pdf.table(
    [
      { header: w.objects, share: 0.42 },
      { header: w.serial, share: 0.24 },
      { header: '#', share: 0.08, align: 'right' },
      { header: w.price, share: 0.26, align: 'right' },
    ],
    input.objects.map((o) => [o.description, o.serialNumber || '–', String(o.quantity), money(o.price)]),
  );

  pdf.heading(w.terms);
  const plan = translatePlan(
    input.locale,
    BILLING[input.paymentFrequency].billingPeriod,
    input.schedule,
    input.currency,
  );
  const perPeriod = t.perPeriod[input.paymentFrequency](money(input.instalment));
  const aMonth = input.paymentFrequency !== 'monthly' && input.monthly !== undefined;
  // A plan says what is paid (its first amount, then what follows), not the level amount.
  const instalment = plan ? plan : aMonth ? `${perPeriod} (${t.aMonth(money(input.monthly!))})` : perPeriod;
  pdf.keyValues([
    [w.nav, money(input.nav)],
    [w.term, t.months(input.periodInMonths)],
    [t.offer.paymentPlan, t.offer.plans[input.paymentPlan]],
    ...(input.rentFreeMonths > 0
      ? [[t.offer.rentFree, t.months(input.rentFreeMonths)] as [string, string]]
      : []),
    [w.instalment, instalment],
    ...input.schedule.map((s): [string, string] => [
      '',
      t.offer.scheduleLine(s.fromInstallment, s.toInstallment, money(s.totalInstallmentAmount)),
    ]),
    ...input.fees.map((f): [string, string] => [f.label, money(f.amount)]),
  ]);

  pdf.heading(w.signatures);
  for (const who of [...input.signees, `${w.forPartner}: ${input.partnerName}`]) {
    pdf.ensure(mm(24));
    pdf.gap(mm(14));
    pdf.rule();
    pdf.paragraph(`${w.place} · ${who}`, { size: SIZE.small, color: COLOR.muted });
  }
  pdf.footer(input.brandName, t.page);
  return pdf.doc.save({ useObjectStreams: false });
}
