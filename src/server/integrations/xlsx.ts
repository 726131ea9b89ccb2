import writeXlsxFile, { type Cell } from 'write-excel-file/node';
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
  const { locale, texts, columns, formats } = opts;
  const header = columns.map(([key]): Cell => ({
    value: translate(locale, `${texts}.columns.${key}`),
    fontWeight: 'bold',
  }));
  const rows = opts.rows.map((row) => columns.map(([key]) => cellOf(row[key], formats[key])));
  const buffer = await writeXlsxFile(
    [header, ...rows],
    {
      sheet: translate(locale, `${texts}.title`),
      columns: columns.map(([, width]) => ({ width })),
      // The writer refuses a date without a format; every date column names one today.
      dateFormat: 'yyyy-mm-dd',
    },
    // Excel's default; without it the file's fonts have neither name nor size.
    { fontFamily: 'Calibri', fontSize: 11 },
  ).toBuffer();
  return {
    contentAsBase64: buffer.toString('base64'),
    fileName: `${opts.name}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    fileFormat: 'xlsx',
  };
}

/**
 * Numbers, dates, texts and booleans keep their type; null and undefined (and, in the writer, an
 * empty text) leave the cell empty. The column's format goes on each number or date cell: the
 * writer formats cells, not columns, and refuses a number format on text.
 */
function cellOf(value: unknown, format: string | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || value instanceof Date) return format ? { value, format } : value;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  // No column holds anything else today; JSON at least shows what it was.
  return typeof value === 'bigint' ? String(value) : JSON.stringify(value);
}
