import type { TFunction } from 'i18next';
import { ApiError } from './http';

/**
 * Why the server refused an action, as the user reads it: the text of its first error key in
 * `namespace` when this version knows the key; else, for a refusal (4xx), the reason the server
 * wrote; undefined otherwise (a failure without a known key), so the caller says its fallback.
 */
export function serverReason(
  error: unknown,
  t: TFunction,
  exists: (key: string) => boolean,
  namespace: string,
): string | undefined {
  if (!(error instanceof ApiError) || !error.problem) return undefined;
  const key = error.problem.errorKeys?.[0];
  if (key && exists(`${namespace}.${key}`)) return t(`${namespace}.${key}`);
  return error.status >= 400 && error.status < 500 ? error.problem.detail : undefined;
}
