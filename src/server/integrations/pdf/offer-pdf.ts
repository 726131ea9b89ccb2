import { BILLING } from '../../../domain/calculation/billing';
import { translatePlan } from '../../i18n';
import type { PDFImage } from 'pdf-lib';
import { CELL_PAD, COLOR, PdfLayout, SIZE, formatDate, formatMoney, formatNumber, mm } from './layout';
import type { TranslatedLocale } from '../../../domain/locales';
import { pdfTexts, type PaymentFrequency, type PaymentPlan } from './texts';

/** The customer's offer for one leasing calculation, as a PDF in the customer's language. */

export interface OfferPdfInput {
  locale: TranslatedLocale;
  partner: { name: string; logo?: { bytes: Uint8Array; mimeType: string } };
  brandName: string;
  reference: string;
  issuedAt: Date;
  validUntil: Date;
  customer: { name: string; street?: string; postcode?: string; town?: string; countryIso?: string };
  contractType: string;
  paymentFrequency: PaymentFrequency;
  paymentPlan: PaymentPlan;
  rentFreeMonths: number;
  currency: string;
  nav: number;
  objects: { description: string; quantity: number; price: number }[];
  /** Per billing period; `monthly` beside a quarterly or daily one; a plan's runs of instalments. */
  periods: {
    periodInMonths: number;
    instalment: number;
    monthly?: number;
    /** The services the instalment includes (the customer's offer page names them). */
    service?: number;
    damageWaiver?: number;
    schedule: { fromInstallment: number; toInstallment: number; totalInstallmentAmount: number }[];
  }[];
  fees: { label: string; amount: number }[];
  note?: string;
}

const LOGO_BOX = { width: mm(40), height: mm(18) };

/** A broken or unsupported logo must not cost the customer the offer: it is left out. */
async function embedLogo(
  pdf: PdfLayout,
  logo: OfferPdfInput['partner']['logo'],
): Promise<PDFImage | undefined> {
  try {
    if (logo?.mimeType === 'image/png') return await pdf.doc.embedPng(logo.bytes);
    if (logo?.mimeType === 'image/jpeg' || logo?.mimeType === 'image/jpg')
      return await pdf.doc.embedJpg(logo.bytes);
  } catch {
    // fall through: no logo
  }
  return undefined;
}

function countryName(iso: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(iso.toUpperCase()) ?? iso;
  } catch {
    return iso; // not a well-formed region code
  }
}

export async function renderOfferPdf(input: OfferPdfInput): Promise<Uint8Array> {
  const t = pdfTexts(input.locale);
  const o = t.offer;
  const money = (amount: number) => formatMoney(amount, input.currency, input.locale);
  const date = (d: Date) => formatDate(d, input.locale, t.timeZone);
  const pdf = await PdfLayout.create(input.locale);

  // Fixed metadata and dates: the same input gives the same bytes.
  pdf.doc.setTitle(`${o.title} ${input.reference}`);
  pdf.doc.setAuthor(input.partner.name);
  pdf.doc.setSubject(o.subject);
  pdf.doc.setCreator(input.brandName);
  pdf.doc.setLanguage(input.locale);
  pdf.doc.setCreationDate(input.issuedAt);
  pdf.doc.setModificationDate(input.issuedAt);

  // Header: logo top-left, the partner's name beside it, a rule below.
  const logo = await embedLogo(pdf, input.partner.logo);
  const size = logo?.scaleToFit(LOGO_BOX.width, LOGO_BOX.height) ?? { width: 0, height: 0 };
  const headerHeight = Math.max(size.height, SIZE.heading * 1.4);
  if (logo) pdf.page.drawImage(logo, { x: pdf.boxX(pdf.left, size.width), y: pdf.y - size.height, ...size });
  const nameX = pdf.left + (logo ? size.width + mm(4) : 0);
  pdf.line(
    input.partner.name,
    { x: nameX, size: SIZE.heading, bold: true },
    pdf.y - (headerHeight - SIZE.heading) / 2,
  );
  pdf.gap(headerHeight + mm(3));
  pdf.rule();
  pdf.gap(mm(8));

  pdf.paragraph(o.title, { size: SIZE.title, bold: true });
  pdf.gap(mm(4));

  // Address block on the left, offer facts on the right, as in a letter.
  const top = pdf.y;
  const c = input.customer;
  const place = [c.postcode, c.town].filter(Boolean).join(' ');
  pdf.paragraph(o.customer, { size: SIZE.small, color: COLOR.muted, width: pdf.width * 0.5 });
  pdf.paragraph(c.name, { bold: true, width: pdf.width * 0.5 });
  for (const line of [c.street, place, c.countryIso && countryName(c.countryIso, input.locale)]) {
    if (line) pdf.paragraph(line, { width: pdf.width * 0.5 });
  }
  const addressBottom = pdf.y;
  pdf.y = top;
  pdf.keyValues(
    [
      [o.reference, input.reference],
      [o.date, date(input.issuedAt)],
      [o.validUntil, date(input.validUntil)],
    ],
    { x: pdf.left + pdf.width * 0.55, width: pdf.width * 0.45, labelWidth: pdf.width * 0.2 },
  );
  pdf.y = Math.min(pdf.y, addressBottom);

  // Sums sit under the tables' right-aligned money column.
  const totals = { width: pdf.width - CELL_PAD, labelWidth: pdf.width * 0.6, align: 'right' as const };
  pdf.heading(o.objects);
  pdf.table(
    [
      { header: o.description, share: 0.6 },
      { header: o.quantity, share: 0.15, align: 'right' },
      { header: o.price, share: 0.25, align: 'right' },
    ],
    input.objects.map((x) => [x.description, formatNumber(x.quantity, input.locale), money(x.price)]),
  );
  pdf.gap(mm(2));
  pdf.keyValues([[o.nav, money(input.nav)]], { ...totals, bold: true });

  pdf.heading(o.contract);
  pdf.keyValues([
    [o.contractType, input.contractType],
    [o.paymentFrequency, t.frequency[input.paymentFrequency]],
    [o.paymentPlan, o.plans[input.paymentPlan]],
    ...(input.rentFreeMonths > 0 ? [[o.rentFree, t.months(input.rentFreeMonths)] as [string, string]] : []),
  ]);

  // The instalment per billing period; beside a quarterly or daily one, what it is a month.
  const monthly = input.paymentFrequency !== 'monthly';
  pdf.heading(o.periods);
  pdf.table(
    [
      { header: o.term, share: monthly ? 0.4 : 0.6 },
      { header: o.instalment[input.paymentFrequency], share: monthly ? 0.32 : 0.4, align: 'right' },
      ...(monthly ? [{ header: o.monthlyEquivalent, share: 0.28, align: 'right' as const }] : []),
    ],
    input.periods.map((p) => {
      // A plan's row says what is paid (its first amount, then what follows), not the level amount.
      const plan = translatePlan(
        input.locale,
        BILLING[input.paymentFrequency].billingPeriod,
        p.schedule,
        input.currency,
      );
      return [
        t.months(p.periodInMonths),
        plan ?? money(p.instalment),
        ...(monthly ? [p.monthly === undefined || plan ? '' : money(p.monthly)] : []),
      ];
    }),
  );
  for (const p of input.periods.filter((x) => x.schedule.length > 0)) {
    pdf.gap(mm(2));
    pdf.paragraph(`${o.paymentPlan}, ${t.months(p.periodInMonths)}`, { bold: true, size: SIZE.small });
    for (const s of p.schedule)
      pdf.paragraph(o.scheduleLine(s.fromInstallment, s.toInstallment, money(s.totalInstallmentAmount)), {
        size: SIZE.small,
      });
  }

  if (input.fees.length > 0) {
    pdf.heading(o.fees);
    pdf.keyValues(
      input.fees.map((f) => [f.label, money(f.amount)]),
      totals,
    );
  }

  if (input.note?.trim()) {
    pdf.heading(o.note);
    pdf.paragraph(input.note.trim());
  }

  pdf.gap(mm(6));
  pdf.paragraph(o.disclaimer(input.brandName), { size: SIZE.small, color: COLOR.muted });

  pdf.footer(input.brandName, t.page);
  return pdf.doc.save({ useObjectStreams: false });
}
