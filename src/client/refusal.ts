import type { TFunction } from 'i18next';
import { ApiError } from './http';

/**
 * Why the server refused an action, as the user reads it: the text of its first error key in
 * `namespace` when this version knows the key, else the reason the server wrote; undefined when
 * the server gave none (a failure rather than a refusal), so the caller says its own fallback.
 */
export function serverReason(
  error: unknown,
  t: TFunction,
  exists: (key: string) => boolean,
  namespace: string,
): string | undefined {
  if (!(error instanceof ApiError) || !error.problem || error.status >= 500 || error.status === 0)
    return undefined;
  const key = error.problem.errorKeys?.[0];
  if (key && exists(`${namespace}.${key}`)) return t(`${namespace}.${key}`);
  return error.problem.detail ?? undefined;
}
