import type { FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES } from '../../../domain/documents';
import { HttpProblem, validation } from '../../problems';

/** One file part and the field `lastModifiedDate`; a part more is refused, not read. */
const LIMITS = { files: 1, fields: 1, parts: 2, fieldSize: 100, fileSize: MAX_DOCUMENT_BYTES };

/**
 * Reads a multipart upload (a `file` part and an optional `lastModifiedDate` field) into the
 * base64 upload's body, before it is checked: both uploads then share every rule after this
 * (schema, idempotency, the file's inspection, the quota). A preValidation hook of the route.
 */
export async function formToUpload(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart())
    throw new HttpProblem(
      415,
      'about:blank',
      'Unsupported Media Type',
      'Send the file as multipart/form-data.',
    );
  let file: { fileName: string; bytes: Buffer } | undefined;
  let lastModifiedDate: string | undefined;
  try {
    for await (const part of req.parts({ limits: LIMITS })) {
      if (part.type === 'file') file = { fileName: part.filename, bytes: await part.toBuffer() };
      else if (part.fieldname === 'lastModifiedDate' && typeof part.value === 'string')
        lastModifiedDate = part.value;
    }
  } catch (error) {
    throw formProblem(error);
  }
  if (!file) throw validation([{ name: 'file', reason: 'required' }], 'The form has no file.');
  req.body = {
    fileName: file.fileName,
    fileContent: file.bytes.toString('base64'),
    ...(lastModifiedDate ? { lastModifiedDate } : {}),
  };
}

/** A form the parser refused, as the base64 upload would say it: never a 5xx. */
function formProblem(error: unknown) {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return validation([{ name: 'fileContent', reason: 'fileTooLarge' }], 'The file is too large.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return validation([{ name: 'body', reason: 'tooManyParts' }], 'Send one file and its date only.');
  return validation([{ name: 'body', reason: 'malformed' }], 'The form could not be read.');
}
