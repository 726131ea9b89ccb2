import {
  ALLOWED_EXTENSIONS,
  DOCUMENT_CATEGORIES,
  MAX_BASE64_CHARS,
  MAX_DOCUMENT_BYTES,
  type DocumentCategory,
} from '../../../domain/documents';
import type { InvalidParam } from '../../../domain/problems';
import { inspectFile, type FileKind } from '../../files/inspect';

/**
 * What may be uploaded (portal specification, “Validation rules” and “Business constants and limits”): jpg, png, pdf, doc(x), xls(x), at most
 * 2 MB, never empty. The name's extension must be the type the bytes are (src/server/files/inspect.ts,
 * which also refuses active content): a program renamed to .pdf is refused. The name itself is only
 * metadata, never a path.
 */
export { DOCUMENT_CATEGORIES, MAX_BASE64_CHARS, MAX_DOCUMENT_BYTES, type DocumentCategory };
export const MAX_FILE_NAME_LENGTH = 255;

export type DocumentFormat = FileKind;

const MIME_TYPES: Record<DocumentFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
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
  MIME_TYPES[format as DocumentFormat] ?? 'application/octet-stream';

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
export async function checkUpload(rawName: string, content: string): Promise<Checked> {
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
  const refusal = await inspectFile(bytes, format);
  if (refusal) return refuse('fileContent', refusal);
  return { ok: true, fileName, format, bytes };
}
