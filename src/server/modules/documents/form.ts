import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES } from '../../../domain/documents';
import { HttpProblem, validation } from '../../problems';

/** The file part `file` and the field `lastModifiedDate`; a part more is refused, not read. */
const LIMITS = { files: 1, fields: 1, parts: 2, fieldSize: 100, fileSize: MAX_DOCUMENT_BYTES };
/** A form of the largest file with room for its part headers and its date. */
export const FORM_BODY_LIMIT = MAX_DOCUMENT_BYTES + 16 * 1024;

const tooLarge = () =>
  validation([{ name: 'fileContent', reason: 'fileTooLarge' }], 'The file is too large.');

/**
 * A form is read as a stream, which the body limit does not bound: its declared length does,
 * checked before a byte is read. Without one (a chunked body) it is refused (411).
 */
export function formLength(req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
  const declared = req.headers['content-length'];
  if (declared === undefined)
    return done(
      new HttpProblem(411, 'about:blank', 'Length Required', 'Send the form with its Content-Length.'),
    );
  if (!/^\d+$/.test(declared) || Number(declared) > FORM_BODY_LIMIT) {
    // What is not read is not waited for: the connection closes after the answer.
    reply.header('connection', 'close');
    return done(tooLarge());
  }
  done();
}

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
      if (part.type === 'file' && part.fieldname === 'file')
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      else if (part.type === 'field' && part.fieldname === 'lastModifiedDate' && !part.valueTruncated)
        lastModifiedDate = String(part.value);
      else if (part.type === 'field' && part.fieldname === 'lastModifiedDate')
        throw validation([{ name: 'lastModifiedDate', reason: 'invalidDate' }], 'The date is not one.');
      else
        throw validation(
          [{ name: part.fieldname, reason: 'unknownField' }],
          'The form has a part it does not take.',
        );
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
  if (error instanceof HttpProblem) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return validation([{ name: 'body', reason: 'tooManyParts' }], 'Send one file and its date only.');
  return validation([{ name: 'body', reason: 'malformed' }], 'The form could not be read.');
}
