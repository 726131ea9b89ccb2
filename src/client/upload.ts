import type { DocumentEntity } from '../domain/api/documents';
import { HEADERS, newCorrelationId } from '../domain/http';
import type { Problem } from '../domain/problems';
import { ApiError, apiUrl, requestHeaders, sessionReady } from './http';

/**
 * POST of an upload (a form) with real progress: fetch cannot report how much of a body was sent,
 * XMLHttpRequest can. The headers are api()'s (requestHeaders); failures the same ApiError.
 * The answer is the attached document (201, `DocumentEntity` of src/domain/api/documents.ts).
 */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export async function postWithProgress(
  href: string,
  /** A form, or the base64 upload's JSON (files an earlier version kept). */
  body: FormData | object,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<DocumentEntity> {
  const correlationId = newCorrelationId();
  await sessionReady().catch(() => {
    throw new ApiError(0, correlationId, undefined, href);
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(href));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    // One value a header: setRequestHeader would join a second one to the first.
    for (const [name, value] of Object.entries({ ...requestHeaders(correlationId), ...headers }))
      xhr.setRequestHeader(name, value);
    // A form's Content-Type (with its boundary) the browser writes.
    if (!(body instanceof FormData)) xhr.setRequestHeader('Content-Type', 'application/json');

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    const failed = () => reject(new ApiError(0, correlationId, undefined, href));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      const answeredId = xhr.getResponseHeader(HEADERS.correlationId) ?? correlationId;
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as DocumentEntity);
      else reject(new ApiError(xhr.status, answeredId, parsed as Problem | undefined, href));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body instanceof FormData ? body : JSON.stringify(body));
  });
}

/**
 * The upload of a kept or chosen file as the documents API takes it as a form (docs/api.md): its
 * bytes as they are, a third fewer than as base64, and nothing read into memory first.
 */
export function uploadForm(file: Blob, name: string, lastModified: number): FormData {
  const form = new FormData();
  if (lastModified > 0) form.append('lastModifiedDate', new Date(lastModified).toISOString());
  form.append('file', file, name);
  return form;
}

/** A file's bytes as base64, read by the browser (no data-URL prefix). */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The base64 upload's body, for a file an earlier version kept for that address: its first send
 * may have reached the server, and only a repeat to the same address is recognised as one.
 */
export async function uploadBody(file: Blob, name: string, lastModified: number) {
  return {
    fileName: name,
    fileContent: await readAsBase64(file),
    ...(lastModified > 0 ? { lastModifiedDate: new Date(lastModified).toISOString() } : {}),
  };
}
