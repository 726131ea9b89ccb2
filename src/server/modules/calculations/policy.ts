import type { Queryable } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { mayTake, type ProcessStep } from '../../../domain/calculation/variant-policy';
import { invalidState, notFound } from '../../problems';
import { canWrite, requireWritable, scopeOf } from '../session/policy';
import { findSet, type SetRow, type VariantRow } from './set-repo';

/**
 * Who may see and change a calculation set: sets in the caller's scope (scopeOf of
 * session/policy.ts). Anything else is "not found", so that ids of other partners reveal nothing.
 */
export function requireVisible(caller: Caller, set: SetRow | undefined): SetRow {
  const scope = scopeOf(caller);
  if (
    !set ||
    set.partnerId !== caller.user.partnerId ||
    set.brandId !== scope.brandId ||
    (scope.userProfileId && set.userProfileId !== scope.userProfileId)
  )
    throw notFound('No such calculation set.');
  return set;
}

export interface VariantIds {
  setId: string;
  variantId: string;
}

/**
 * The set and the variant a call names, resolved together: the set must be visible to the
 * caller and the variant one of its own. Every call that takes both ids (in its path, query or
 * body) loads them here, so that a foreign variant beside an own set is "not found" like any
 * other foreign id, before anything is read or changed by the variant's id.
 */
export async function loadVariant(
  q: Queryable,
  caller: Caller,
  ids: VariantIds,
  lock = false,
): Promise<{ set: SetRow; variant: VariantRow }> {
  const set = requireVisible(caller, await findSet(q, ids.setId, lock));
  return { set, variant: variantIn(set, ids.variantId) };
}

/** One of the set's own variants (a set already loaded and checked), or "not found". */
export function variantIn(set: SetRow, variantId: string): VariantRow {
  const variant = set.variants.find((v) => v.id === variantId);
  if (!variant) throw notFound('No such calculation variant.');
  return variant;
}

export { canWrite, requireWritable, scopeOf };

/**
 * Refuses a process step the variant's state does not allow: the same rule that decides whether
 * the presenter offers its action (PROCESS_STEPS of domain/calculation/variant-policy.ts).
 */
export function requireStep(step: ProcessStep, variant: Pick<VariantRow, 'state'>): void {
  if (!mayTake(step, variant.state)) throw invalidState('invalidCurrentState', variant.state, false);
}
