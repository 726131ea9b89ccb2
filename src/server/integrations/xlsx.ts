import ExcelJS from 'exceljs';
import { translate } from '../i18n';

/**
 * A list as a real xlsx file in the caller's language (the calculation and contract exports):
 * one sheet named by `{texts}.title`, bold headers from `{texts}.columns.{key}`, the given
 * number formats, the file named `{name}-YYYY-MM-DD.xlsx`.
 */
export async function listWorkbook(opts: {
  locale: string | undefined;
  texts: 'calculationList' | 'contracts';
  name: string;
  columns: readonly (readonly [key: string, width: number])[];
  rows: Record<string, unknown>[];
  formats: Record<string, string>;
}): Promise<{ contentAsBase64: string; fileName: string; fileFormat: string }> {
  const { locale, texts } = opts;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(translate(locale, `${texts}.title`));
  sheet.columns = opts.columns.map(([key, width]) => ({
    header: translate(locale, `${texts}.columns.${key}`),
    key,
    width,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of opts.rows) sheet.addRow(row);
  for (const [key, format] of Object.entries(opts.formats)) sheet.getColumn(key).numFmt = format;
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return {
    contentAsBase64: buffer.toString('base64'),
    fileName: `${opts.name}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    fileFormat: 'xlsx',
  };
}
