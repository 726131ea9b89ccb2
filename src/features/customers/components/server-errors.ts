import { ApiError } from '../../../client/http';

/** A 400's invalid params as field errors of a form, without the save body's prefix ('applicant.'). */
export function serverErrorsOf(error: unknown, prefix: string): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const errors: Record<string, string> = {};
  for (const p of error.problem?.['invalid-params'] ?? []) {
    const name = p.name.startsWith(prefix) ? p.name.slice(prefix.length) : p.name;
    errors[name] ??= p.reason;
  }
  return errors;
}
