import type { FieldErrors } from '../../domain/calculation/editor';
import { variantFieldOf } from '../../domain/calculation/variant';
import { ApiError } from '../http';

export type { FieldErrors } from '../../domain/calculation/editor';

/**
 * A 400's invalid params as the editor's field errors (the first error of a field wins). The
 * draft's fields carry the variant's names: a save's errors land as they are, a calculation's
 * through the field its request was made from.
 */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const params = error.problem?.['invalid-params'] ?? [];
  const errors: FieldErrors = {};
  for (const p of params) {
    const path = p.name.replace(/^calculationVariant\./, '').split('.')[0]!;
    errors[variantFieldOf(path)] ??= p.reason;
  }
  return errors;
}
