import { fileTypeFromBuffer } from 'file-type';
import { judgePdf } from './pdf';
import { unpackedSize, zipEntries } from './zip';

/**
 * Whether an uploaded file is what its name says and carries nothing active (docs/security.md,
 * "Uploaded files"): the type is sniffed from the bytes by file-type and must be the one the name
 * gives; images and PDFs must not hide markup; PDFs must not run scripts, launch programs or carry
 * files; Office files must not carry macros or ActiveX, and must unpack to a bounded size.
 */
export type FileKind = 'jpg' | 'png' | 'pdf' | 'doc' | 'xls' | 'docx' | 'xlsx';
export type FileRefusal =
  'fileContentMismatch' | 'fileActiveContent' | 'fileUnpackedTooLarge' | 'fileEncrypted';

export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 1000;

/** What file-type calls each kind: both Office 97-2003 formats are compound files (cfb). */
const SNIFFED: Record<FileKind, string> = {
  jpg: 'jpg',
  png: 'png',
  pdf: 'pdf',
  doc: 'cfb',
  xls: 'cfb',
  docx: 'docx',
  xlsx: 'xlsx',
};

/**
 * Markup a browser would run if the file were ever shown as a page. Long enough that compressed
 * image data does not spell one by chance (about once in 10⁴ files of 2 MB for the shortest).
 */
const MARKUP = /<(?:script|html|iframe|body|object|embed|!doctype)[\s>/]|javascript:/i;

const utf16 = (name: string) => Buffer.from(name, 'utf16le');
const has = (bytes: Uint8Array, needle: Buffer) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);

/** A compound file's directory names its streams in UTF-16: Word's, Excel's and the macros'. */
function judgeCompoundFile(bytes: Uint8Array, kind: 'doc' | 'xls'): FileRefusal | undefined {
  const own = kind === 'doc' ? [utf16('WordDocument')] : [utf16('Workbook'), utf16('Book\0')];
  if (!own.some((name) => has(bytes, name))) return 'fileContentMismatch';
  if (has(bytes, utf16('_VBA_PROJECT')) || has(bytes, utf16('Macros\0'))) return 'fileActiveContent';
  return undefined;
}

function judgeOfficeZip(bytes: Uint8Array): FileRefusal | undefined {
  const entries = zipEntries(bytes);
  if (!entries) return 'fileContentMismatch';
  if (entries.length > MAX_ZIP_ENTRIES) return 'fileUnpackedTooLarge';
  const active = entries.some(
    ({ name }) =>
      /(^|\/)vbaProject\.bin$/i.test(name) ||
      /(^|\/)activeX\//i.test(name) ||
      /(^|\/)embeddings\/[^/]*\.bin$/i.test(name),
  );
  if (active) return 'fileActiveContent';
  const size = unpackedSize(bytes, entries, MAX_UNPACKED_BYTES);
  if (size === 'tooLarge') return 'fileUnpackedTooLarge';
  return size === undefined ? 'fileContentMismatch' : undefined;
}

export async function inspectFile(bytes: Uint8Array, kind: FileKind): Promise<FileRefusal | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.ext !== SNIFFED[kind]) return 'fileContentMismatch';
  switch (kind) {
    case 'jpg':
    case 'png':
      return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))
        ? 'fileContentMismatch'
        : undefined;
    case 'pdf': {
      const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString(
        'latin1',
      );
      if (MARKUP.test(head)) return 'fileContentMismatch';
      const verdict = judgePdf(bytes);
      if (verdict === 'active') return 'fileActiveContent';
      if (verdict === 'encrypted') return 'fileEncrypted';
      return verdict === 'unreadable' ? 'fileContentMismatch' : undefined;
    }
    case 'doc':
    case 'xls':
      return judgeCompoundFile(bytes, kind);
    case 'docx':
    case 'xlsx':
      return judgeOfficeZip(bytes);
  }
}
