import { fileTypeFromBuffer } from 'file-type';
import { judgePdf, type PdfVerdict } from './pdf';
import { hasUnlistedData, unpackedSize, zipEntries } from './zip';

/**
 * Whether an uploaded file is what its name says and carries nothing active (docs/security.md,
 * "Uploaded files"): the type is sniffed from the bytes by file-type and must be the one the name
 * gives; images and PDFs must not hide markup; PDFs must not run scripts, launch programs or carry
 * files; Office files must not carry macros, ActiveX or embedded programs; PDFs and Office files
 * must unpack to a bounded size.
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
const latin1 = (bytes: Uint8Array, length = bytes.byteLength) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(length, bytes.byteLength)).toString('latin1');

/**
 * Streams of a compound file that run code or carry a program: VBA projects (Word's Macros,
 * Excel's _VBA_PROJECT_CUR), embedded OLE packages (Ole10Native: a file or program) and
 * ActiveX controls (OCXNAME). Its directory names them in UTF-16, as writers spell them.
 */
const ACTIVE_STREAMS = ['_VBA_PROJECT', 'Macros\0', '\u0001Ole10Native', '\u0003OCXNAME'];

/** A compound file's directory names its streams: Word's or Excel's own, and the active ones. */
function judgeCompoundFile(bytes: Uint8Array, kind: 'doc' | 'xls'): FileRefusal | undefined {
  const own = kind === 'doc' ? [utf16('WordDocument')] : [utf16('Workbook'), utf16('Book\0')];
  if (!own.some((name) => has(bytes, name))) return 'fileContentMismatch';
  if (ACTIVE_STREAMS.some((name) => has(bytes, utf16(name)))) return 'fileActiveContent';
  return undefined;
}

/**
 * Entries of an Office Open XML file that run code: VBA projects, Excel 4.0 macro sheets,
 * ActiveX controls, and embedded OLE packages or macro-enabled documents.
 */
const ACTIVE_ENTRY =
  /(^|\/)vbaProject\.bin$|(^|\/)(activeX|macrosheets)\/|(^|\/)embeddings\/[^/]*\.(bin|exe|docm|xlsm|pptm|xlsb)$/i;

async function judgeOfficeZip(bytes: Uint8Array): Promise<FileRefusal | undefined> {
  const entries = zipEntries(bytes);
  if (!entries) return 'fileContentMismatch';
  if (entries.length > MAX_ZIP_ENTRIES) return 'fileUnpackedTooLarge';
  // What the directory does not list is not measured below, yet a streaming reader unpacks it.
  if (hasUnlistedData(bytes, entries)) return 'fileContentMismatch';
  if (entries.some(({ name }) => ACTIVE_ENTRY.test(name))) return 'fileActiveContent';
  const size = await unpackedSize(bytes, entries, MAX_UNPACKED_BYTES);
  if (size === 'tooLarge') return 'fileUnpackedTooLarge';
  return size === undefined ? 'fileContentMismatch' : undefined;
}

const PDF_REFUSALS: Record<PdfVerdict, FileRefusal | undefined> = {
  clean: undefined,
  active: 'fileActiveContent',
  encrypted: 'fileEncrypted',
  tooLarge: 'fileUnpackedTooLarge',
  unreadable: 'fileContentMismatch',
};

export async function inspectFile(bytes: Uint8Array, kind: FileKind): Promise<FileRefusal | undefined> {
  const sniffed = (await fileTypeFromBuffer(bytes))?.ext;
  // An animated PNG is a PNG to every viewer.
  if ((sniffed === 'apng' ? 'png' : sniffed) !== SNIFFED[kind]) return 'fileContentMismatch';
  switch (kind) {
    case 'jpg':
    case 'png':
      return MARKUP.test(latin1(bytes)) ? 'fileContentMismatch' : undefined;
    case 'pdf':
      if (MARKUP.test(latin1(bytes, 4096))) return 'fileContentMismatch';
      return PDF_REFUSALS[await judgePdf(bytes, MAX_UNPACKED_BYTES)];
    case 'doc':
    case 'xls':
      return judgeCompoundFile(bytes, kind);
    case 'docx':
    case 'xlsx':
      return judgeOfficeZip(bytes);
  }
}
