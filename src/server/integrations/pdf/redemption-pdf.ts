import type { PDFImage } from 'pdf-lib';
import { CELL_PAD, COLOR, PdfLayout, SIZE, formatDate, formatMoney, mm } from './layout';
import type { ScheduleSegment } from '../../../domain/calculation/billing';
import type { TranslatedLocale } from '../../../domain/locales';
import { pdfTexts, type PaymentFrequency } from './texts';

/**
 * The redemption offer for a running contract (docs/domain.md section 6), as a PDF in the
 * customer's language: the remaining instalments and the residual value at their present
 * value, the fee, the amount and how long the offer holds, with the partner's statement.
 */

export interface RedemptionPdfInput {
  locale: TranslatedLocale;
  partner: { name: string; logo?: { bytes: Uint8Array; mimeType: string } };
  brandName: string;
  referenceCode: string;
  issuedAt: Date;
  validUntil: Date;
  customer: { name: string; subLesseeName?: string };
  contract: {
    startDate: Date | null;
    endDate: Date | null;
    paymentFrequency: PaymentFrequency;
    instalments: number;
    paidInstalments: number;
    annualRatePercent: number;
    residualValue: number;
  };
  currency: string;
  amount: {
    remainingInstalments: number;
    /** The net instalment due now, and the remaining ones as runs (a plan has several). */
    paymentAmount: number;
    remainingSchedule: ScheduleSegment[];
    instalmentsPresentValue: number;
    residualValuePresentValue: number;
    fee: number;
    total: number;
  };
  statement?: string;
}

const LOGO_BOX = { width: mm(40), height: mm(18) };

/** A broken or unsupported logo must not cost the customer the offer: it is left out. */
async function embedLogo(
  pdf: PdfLayout,
  logo: RedemptionPdfInput['partner']['logo'],
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

export async function renderRedemptionPdf(input: RedemptionPdfInput): Promise<Uint8Array> {
  const t = pdfTexts(input.locale);
  const r = t.redemption;
  const money = (amount: number) => formatMoney(amount, input.currency, input.locale);
  const date = (d: Date | null) => (d ? formatDate(d, input.locale, t.timeZone) : '–');
  const percent = new Intl.NumberFormat(input.locale, { maximumFractionDigits: 3 });
  const pdf = await PdfLayout.create(input.locale);

  // Fixed metadata and dates: the same input gives the same bytes.
  pdf.doc.setTitle(`${r.title} ${input.referenceCode}`);
  pdf.doc.setAuthor(input.partner.name);
  pdf.doc.setSubject(r.subject);
  pdf.doc.setCreator(input.brandName);
  pdf.doc.setLanguage(input.locale);
  pdf.doc.setCreationDate(input.issuedAt);
  pdf.doc.setModificationDate(input.issuedAt);

  // Header: logo top-left, the partner's name beside it, a rule below.
  const logo = await embedLogo(pdf, input.partner.logo);
  const size = logo?.scaleToFit(LOGO_BOX.width, LOGO_BOX.height) ?? { width: 0, height: 0 };
  const headerHeight = Math.max(size.height, SIZE.heading * 1.4);
  if (logo) pdf.page.drawImage(logo, { x: pdf.boxX(pdf.left, size.width), y: pdf.y - size.height, ...size });
  pdf.line(
    input.partner.name,
    { x: pdf.left + (logo ? size.width + mm(4) : 0), size: SIZE.heading, bold: true },
    pdf.y - (headerHeight - SIZE.heading) / 2,
  );
  pdf.gap(headerHeight + mm(3));
  pdf.rule();
  pdf.gap(mm(8));

  pdf.paragraph(r.title, { size: SIZE.title, bold: true });
  pdf.gap(mm(4));

  // The customer on the left, the offer's facts on the right, as in a letter.
  const top = pdf.y;
  pdf.paragraph(r.customer, { size: SIZE.small, color: COLOR.muted, width: pdf.width * 0.5 });
  pdf.paragraph(input.customer.name, { bold: true, width: pdf.width * 0.5 });
  if (input.customer.subLesseeName)
    pdf.paragraph(`${r.subLessee}: ${input.customer.subLesseeName}`, { width: pdf.width * 0.5 });
  const customerBottom = pdf.y;
  pdf.y = top;
  pdf.keyValues(
    [
      [r.contractNumber, input.referenceCode],
      [r.date, date(input.issuedAt)],
      [r.validUntil, date(input.validUntil)],
    ],
    { x: pdf.left + pdf.width * 0.55, width: pdf.width * 0.45, labelWidth: pdf.width * 0.2 },
  );
  pdf.y = Math.min(pdf.y, customerBottom);

  const c = input.contract;
  const a = input.amount;
  const perPeriod = (amount: number) => t.perPeriod[c.paymentFrequency](money(amount));
  // A plan's remaining instalments differ: each run, else the one amount still due.
  const instalments: [string, string][] =
    a.remainingSchedule.length > 1
      ? a.remainingSchedule.map((s, k) => [
          k ? '' : r.instalment,
          t.offer.scheduleLine(s.fromInstallment, s.toInstallment, perPeriod(s.totalInstallmentAmount)),
        ])
      : [[r.instalment, perPeriod(a.paymentAmount)]];
  pdf.heading(r.contract);
  pdf.keyValues([
    [r.startDate, date(c.startDate)],
    [r.endDate, date(c.endDate)],
    ...instalments,
    [r.paymentFrequency, t.frequency[c.paymentFrequency]],
    [r.instalmentsLabel, r.instalments(c.paidInstalments, c.instalments)],
    [r.rate, `${percent.format(c.annualRatePercent)} %`],
    [r.residualValue, money(c.residualValue)],
  ]);

  pdf.heading(r.calculation);
  pdf.table(
    [
      { header: '', share: 0.7 },
      { header: input.currency, share: 0.3, align: 'right' },
    ],
    [
      [r.remaining(a.remainingInstalments), money(a.instalmentsPresentValue)],
      [r.residualPresentValue, money(a.residualValuePresentValue)],
      [r.fee, money(a.fee)],
    ],
  );
  pdf.gap(mm(2));
  pdf.keyValues([[r.total, money(a.total)]], {
    width: pdf.width - CELL_PAD,
    labelWidth: pdf.width * 0.6,
    align: 'right',
    bold: true,
  });

  if (input.statement?.trim()) {
    pdf.heading(r.note);
    pdf.paragraph(input.statement.trim());
  }

  pdf.gap(mm(6));
  pdf.paragraph(r.disclaimer(input.brandName, date(input.validUntil)), {
    size: SIZE.small,
    color: COLOR.muted,
  });

  pdf.footer(input.brandName, t.page);
  return pdf.doc.save({ useObjectStreams: false });
}
