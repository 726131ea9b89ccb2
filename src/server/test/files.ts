import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import writeXlsxFile from 'write-excel-file/node';

/**
 * Tiny but real files of every type an upload may have, and the harmful ones the upload refuses,
 * built here so that a test shows what they are.
 */
export const pdf = (body = '') =>
  Buffer.from(`%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\n${body}\ntrailer <</Root 1 0 R>>\n%%EOF\n`);

/** A PDF with one stream of `data` behind `dictionary` (an object stream by default). */
export function pdfWithStream(
  data: Uint8Array,
  dictionary = '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
  trailer = '',
) {
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj\n<<${dictionary} /Length ${data.length}>>\nstream\n`),
    data,
    Buffer.from(`\nendstream\nendobj\ntrailer <</Root 2 0 R${trailer}>>\n%%EOF\n`),
  ]);
}

/** A PDF whose one object stream (compressed, as PDF 1.5 writers do) holds `objects`. */
export const pdfWithObjectStream = (objects: string) => pdfWithStream(deflateSync(objects));

export const jpg = Buffer.from([
  ...[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10],
  ...Buffer.from('JFIF\0'),
  ...[1, 1, 0, 0, 1, 0, 1, 0, 0],
  ...[0xff, 0xd9],
]);

export function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]); // 1×1, 8 bit, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A zip; entries given as Buffers are deflated, strings are stored as they are. */
export function zip(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const raw = Buffer.from(content);
    const deflate = typeof content !== 'string';
    const data = deflate ? deflateRawSync(raw) : raw;
    const fileName = Buffer.from(name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(deflate ? 8 : 0, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(raw.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A Word file: its content types name the main document, as every writer does. */
export const docx = (extra: Record<string, string | Buffer> = {}, main = WORD_MAIN) =>
  zip({
    '[Content_Types].xml': `<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`,
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
    ...extra,
  });

export const xlsx = (): Promise<Buffer> => writeXlsxFile([['Copier', 6000]], { sheet: 'Objects' }).toBuffer();

/**
 * An Office 97-2003 (compound) file as far as the checks read one: the signature, then a
 * directory that names its streams in UTF-16.
 */
export function compoundFile(...streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = streams.map((name) => {
    const entry = Buffer.alloc(128);
    Buffer.from(`${name}\0`, 'utf16le').copy(entry);
    return entry;
  });
  return Buffer.concat([header, ...directory]);
}

/**
 * A zip with one more local entry that its central directory does not list, put just before the
 * directory: what a streaming reader unpacks and a directory-based check never sees.
 */
export function withUnlistedEntry(file: Buffer, name: string, content: Buffer): Buffer {
  const dirOffset = file.readUInt32LE(file.length - 22 + 16);
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const hidden = Buffer.concat([local, fileName, data]);
  const out = Buffer.concat([file.subarray(0, dirOffset), hidden, file.subarray(dirOffset)]);
  out.writeUInt32LE(dirOffset + hidden.length, out.length - 22 + 16);
  return out;
}
