import { inflateRawSync } from 'node:zlib';
import readXlsxFile from 'read-excel-file/node';

/** A cell as read back: empty cells are null (read-excel-file's type names `typeof Date`). */
export type SheetCell = string | number | boolean | Date | null;

/**
 * The first sheet of an xlsx the API answered in base64: its name and its rows, the header row
 * first, every row as wide as the sheet, texts untrimmed as written.
 */
export async function readSheet(base64: string): Promise<{ name: string; rows: SheetCell[][] }> {
  const [first] = await readXlsxFile(Buffer.from(base64, 'base64'), { trim: false });
  if (!first) throw new Error('The xlsx has no sheet.');
  return { name: first.sheet, rows: first.data as SheetCell[][] };
}

/**
 * Whether a cell of the first sheet (an address such as 'A1') is bold, and its custom number
 * format. read-excel-file reads values only, so this reads the sheet's and the styles' XML.
 */
export function cellStyle(
  base64: string,
  address: string,
): { bold: boolean; numberFormat: string | undefined } {
  const zip = Buffer.from(base64, 'base64');
  const sheet = zipEntry(zip, 'xl/worksheets/sheet1.xml');
  const styles = zipEntry(zip, 'xl/styles.xml');
  const cell = new RegExp(`<c\\s[^>]*\\br="${address}"[^>]*>`).exec(sheet)?.[0];
  if (!cell) throw new Error(`No cell ${address} in the sheet.`);
  const inside = (tag: string) => new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(styles)?.[1] ?? '';
  const xf = [...inside('cellXfs').matchAll(/<xf\b[^>]*>/g)].map((m) => attributes(m[0]))[
    Number(attributes(cell).s ?? 0)
  ];
  const font = [...inside('fonts').matchAll(/<font\b[^>]*?(?:\/>|>([\s\S]*?)<\/font>)/g)][
    Number(xf?.fontId ?? 0)
  ]?.[1];
  const format = [...styles.matchAll(/<numFmt\b[^>]*>/g)]
    .map((m) => attributes(m[0]))
    .find((f) => f.numFmtId === xf?.numFmtId);
  return {
    bold: /<b\s*\/>|<b\s+val="(?:1|true)"/.test(font ?? ''),
    numberFormat: format?.formatCode,
  };
}

/** The width of each column of the first sheet, from the first on. */
export function columnWidths(base64: string): number[] {
  const sheet = zipEntry(Buffer.from(base64, 'base64'), 'xl/worksheets/sheet1.xml');
  const widths: number[] = [];
  for (const [col] of sheet.matchAll(/<col\s[^>]*>/g)) {
    const { min, max, width } = attributes(col);
    for (let n = Number(min); n <= Number(max); n++) widths[n - 1] = Number(width);
  }
  return widths;
}

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries(
    [...tag.matchAll(/([\w:]+)="([^"]*)"/g)].map(([, name, value]) => [name!, unescapeXml(value!)]),
  );

const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
  );

/** One file of a zip as text, found through the central directory (sizes are exact there). */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('No zip file.');
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      // Method 0 stores, 8 deflates: the two an xlsx uses.
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`No ${name} in the zip.`);
}
