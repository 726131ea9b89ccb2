import { sessionStore } from '../../../client/auth/session';
import { ApiError, apiUrl } from '../../../client/http';
import { currentLocale } from '../../../client/i18n/i18n';
import { HEADERS, newCorrelationId } from '../../../domain/http';
import type { Entity } from '../../../domain/hypermedia';
import { PROBLEM_CONTENT_TYPE, type Problem } from '../../../domain/problems';
import { selectedProfileId } from '../../session/selection';

/**
 * POST of an upload with real progress: fetch cannot report how much of a body was sent,
 * XMLHttpRequest can. The headers are those of api() in src/client/http.ts (correlation id,
 * bearer token, display language, selected profile, time-zone offset), built from the same
 * sources; failures are the same ApiError.
 */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export function postWithProgress(
  href: string,
  body: unknown,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Entity> {
  const correlationId = newCorrelationId();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(href));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', `application/json, ${PROBLEM_CONTENT_TYPE}`);
    xhr.setRequestHeader('Accept-Language', currentLocale());
    xhr.setRequestHeader(HEADERS.correlationId, correlationId);
    xhr.setRequestHeader(HEADERS.timezoneOffset, String(new Date().getTimezoneOffset()));
    xhr.setRequestHeader('Content-Type', 'application/json');
    const token = sessionStore.get().user?.access_token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const profileId = selectedProfileId();
    if (profileId) xhr.setRequestHeader(HEADERS.userProfileId, profileId);

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
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as Entity);
      else reject(new ApiError(xhr.status, answeredId, parsed as Problem | undefined, href));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(JSON.stringify(body));
  });
}
