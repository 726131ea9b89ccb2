import { ApiError } from './http';
import { i18n } from './i18n/i18n';
import { notify } from './ui/notify';

/**
 * The HTTP error handling of the administration specification, “The error catalogue”: where a failed call sends the user.
 * 401 → access denied; 403 → access forbidden unless the call ignores it (or the caller is an
 * API-only user, whom the account gate answers); 402, anything above
 * 404 (409 when the call may ignore it) and network failures → the global error page with the
 * correlation id, unless the call disables it; an error without status counts as 500; 429 (too
 * many calls of one kind, docs/security.md "Limits") keeps the page with a notice. Calls to
 * the e-contract one-time password never leave the page. Offline, a failed read shows cached
 * data instead of an error page.
 */
export interface ErrorHandling {
  ignore403?: boolean;
  ignore409?: boolean;
  disableErrorPage?: boolean;
  /** A 404 of this call means the portal cannot go on (the profile call). */
  notFoundIsFatal?: boolean;
}

export const OTP_PATH = 'digitalsignature/econtract/otp';

export interface ErrorTarget {
  to: string;
  /** What the page needs beyond its path: the forbidden variant. */
  state?: { noConditionList?: boolean };
}

/** The server's refusal until the terms are accepted (docs/security.md, "The terms come first"). */
export const termsRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 403 &&
  !!error.problem?.errorKeys?.includes('termsNotAccepted');

export function errorTarget(
  error: unknown,
  handling: ErrorHandling = {},
  online = true,
  path = '',
): ErrorTarget | null {
  if (path.includes(OTP_PATH)) return null;
  const status = error instanceof ApiError ? error.status : 500;
  const correlationId = error instanceof ApiError ? error.correlationId : '';
  const globalError = {
    to: correlationId ? `/global-error/${encodeURIComponent(correlationId)}` : '/global-error',
  };
  if (status === 401) return { to: '/access-denied' };
  if (status === 403) {
    // An API-only user is refused on every call: the account gate says so, once. So it asks for
    // terms not accepted (query.ts reloads the profile it decides on).
    if (
      handling.ignore403 ||
      (error instanceof ApiError && (error.problem?.isApiUser || termsRefusal(error)))
    )
      return null;
    const detail = error instanceof ApiError ? `${error.problem?.detail ?? ''}` : '';
    return {
      to: '/access-forbidden',
      state: /condition ?list/i.test(detail) ? { noConditionList: true } : undefined,
    };
  }
  if (status === 404 && handling.notFoundIsFatal) return globalError;
  // Too many calls in a short time: the page stays, a notice asks to wait (handleApiError).
  if (status === 429) return null;
  if (status === 0 && !online) return null;
  const pageWorthy = status === 0 || status === 402 || status > 404;
  if (!pageWorthy || handling.disableErrorPage) return null;
  if (status === 409 && handling.ignore409) return null;
  return globalError;
}

type Navigate = (to: string, state?: ErrorTarget['state']) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The app hands in its router's navigation once it exists. */
export function setErrorNavigation(next: Navigate): void {
  navigate = next;
}

export function handleApiError(error: unknown, handling?: ErrorHandling, path?: string): void {
  const target = errorTarget(
    error,
    handling,
    navigator.onLine,
    path ?? (error instanceof ApiError ? error.path : ''),
  );
  if (target) navigate(target.to, target.state);
  else if (error instanceof ApiError && error.status === 429)
    notify({
      id: 'too-many-requests',
      type: 'warning',
      title: i18n.t('errors.tooManyRequests'),
      duration: 8000,
    });
}
