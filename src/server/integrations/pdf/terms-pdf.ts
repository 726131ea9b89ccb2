import { PdfLayout, SIZE, mm } from './layout';
import type { TranslatedLocale } from '../../../domain/locales';
import { pdfTexts } from './texts';

/**
 * The provider's terms and conditions for applications and contracts as a PDF the partner can
 * hand to the customer: the same text the portal shows before a request, in one language.
 */
export interface TermsPdfInput {
  locale: TranslatedLocale;
  title: string;
  text: string;
  /** Who issues them (the footer). */
  issuer: string;
  /** The edition's date: the same edition gives the same bytes. */
  edition: Date;
}

export async function renderTermsPdf(input: TermsPdfInput): Promise<Uint8Array> {
  const pdf = await PdfLayout.create(input.locale);
  pdf.doc.setTitle(input.title);
  pdf.doc.setAuthor(input.issuer);
  pdf.doc.setLanguage(input.locale);
  pdf.doc.setCreationDate(input.edition);
  pdf.doc.setModificationDate(input.edition);

  pdf.paragraph(input.title, { size: SIZE.title, bold: true });
  pdf.gap(mm(6));
  for (const clause of input.text.split(/\n\s*\n/)) {
    pdf.paragraph(clause.trim());
    pdf.gap(mm(3));
  }
  pdf.footer(input.issuer, pdfTexts(input.locale).page);
  return pdf.doc.save({ useObjectStreams: false });
}
