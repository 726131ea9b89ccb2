import {
  ALLOWED_EXTENSIONS,
  DOCUMENT_CATEGORIES,
  MAX_DOCUMENT_BYTES,
  type DocumentCategory,
} from '../../../domain/documents';
import type { InvalidParam } from '../../../domain/problems';

/**
 * What may be uploaded (portal specification, “Validation rules” and “Business constants and limits”): jpg, png, pdf, doc(x), xls(x), at most
 * 2 MB, never empty. The type is judged by the name's extension and the first bytes together:
 * a program renamed to .pdf is refused. The name itself is only metadata, never a path.
 */
export { DOCUMENT_CATEGORIES, MAX_DOCUMENT_BYTES, type DocumentCategory };
/** The longest base64 text of MAX_DOCUMENT_BYTES (with padding). */
export const MAX_BASE64_CHARS = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4;
export const MAX_FILE_NAME_LENGTH = 255;

export type DocumentFormat = 'jpg' | 'png' | 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [...'%PDF-'].map((c) => c.charCodeAt(0));
/** Office 97-2003 files are OLE compound files. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Office Open XML files are zip archives. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];

interface FileType {
  format: DocumentFormat;
  mimeType: string;
  matches(bytes: Uint8Array): boolean;
}

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

const TYPES: Record<DocumentFormat, FileType> = {
  jpg: { format: 'jpg', mimeType: 'image/jpeg', matches: (b) => startsWith(b, JPEG) },
  png: { format: 'png', mimeType: 'image/png', matches: (b) => startsWith(b, PNG) },
  pdf: { format: 'pdf', mimeType: 'application/pdf', matches: (b) => startsWith(b, PDF) },
  doc: { format: 'doc', mimeType: 'application/msword', matches: (b) => startsWith(b, OLE) },
  xls: { format: 'xls', mimeType: 'application/vnd.ms-excel', matches: (b) => startsWith(b, OLE) },
  docx: {
    format: 'docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    matches: (b) => isOfficeZip(b, 'word/'),
  },
  xlsx: {
    format: 'xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    matches: (b) => isOfficeZip(b, 'xl/'),
  },
};

const EXTENSIONS: Record<string, DocumentFormat> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  xls: 'xls',
  xlsx: 'xlsx',
};
export { ALLOWED_EXTENSIONS };

export const mimeTypeOf = (format: string) =>
  TYPES[format as DocumentFormat]?.mimeType ?? 'application/octet-stream';

/**
 * The names in a zip's central directory, or undefined when it is no readable zip. Enough of
 * the format to tell a Word from an Excel file and both from any other archive.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | undefined {
  if (!startsWith(bytes, ZIP)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return undefined;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function isOfficeZip(bytes: Uint8Array, folder: 'word/' | 'xl/'): boolean {
  const names = zipEntryNames(bytes);
  return !!names?.includes('[Content_Types].xml') && names.some((n) => n.startsWith(folder));
}

/**
 * The name as it is kept: without any folder part (either slash), control or bidi-override
 * characters, leading dots or surrounding spaces, at most 255 characters with the extension
 * kept. Empty when nothing usable is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (clean.length <= MAX_FILE_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, MAX_FILE_NAME_LENGTH - extension.length) + extension;
}

export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

export type Checked =
  | { ok: true; fileName: string; format: DocumentFormat; bytes: Buffer }
  | { ok: false; problems: InvalidParam[] };

/** Decodes and judges an upload; every refusal names the field and a message key. */
export function checkUpload(rawName: string, content: string): Checked {
  const refuse = (name: string, reason: string): Checked => ({ ok: false, problems: [{ name, reason }] });
  const fileName = cleanFileName(rawName);
  if (!fileName) return refuse('fileName', 'required');
  const format = EXTENSIONS[extensionOf(fileName)];
  if (!format) return refuse('fileName', 'fileTypeNotAllowed');
  if (content.length > MAX_BASE64_CHARS) return refuse('fileContent', 'fileTooLarge');
  const bytes = Buffer.from(content, 'base64');
  // Node decodes leniently (skips what it cannot read); only the canonical text of the bytes is
  // accepted: no whitespace, data-URL prefix, URL-safe alphabet, missing or extra padding.
  if (bytes.toString('base64') !== content) return refuse('fileContent', 'invalidBase64');
  if (bytes.length === 0) return refuse('fileContent', 'fileEmpty');
  if (bytes.length > MAX_DOCUMENT_BYTES) return refuse('fileContent', 'fileTooLarge');
  if (!TYPES[format].matches(bytes)) return refuse('fileContent', 'fileContentMismatch');
  return { ok: true, fileName, format, bytes };
}
