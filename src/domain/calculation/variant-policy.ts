import { categoryOf, type CalculationState } from './states';

/**
 * Who may add or delete a set's variants, for the server's check and for the actions it offers
 * (one rule for both: an action is offered exactly when its call would be accepted).
 */

/** A set holds at most this many variants (docs/domain.md). */
export const MAX_VARIANTS = 10;

export type VariantVerdict =
  { allowed: true } | { allowed: false; errorKey: 'tooManyVariants' | 'lastVariant' | 'invalidCurrentState' };

const ALLOWED: VariantVerdict = { allowed: true };

/** A copy of a variant (or a new one from inputs) joins the set while it has room. */
export function canCopyVariant(set: { variantCount: number }): VariantVerdict {
  return set.variantCount < MAX_VARIANTS ? ALLOWED : { allowed: false, errorKey: 'tooManyVariants' };
}

/** A quote may be deleted, unless it is the set's last variant. */
export function canDeleteVariant(set: { variantCount: number }, state: CalculationState): VariantVerdict {
  if (set.variantCount <= 1) return { allowed: false, errorKey: 'lastVariant' };
  if (categoryOf(state) !== 'Quote') return { allowed: false, errorKey: 'invalidCurrentState' };
  return ALLOWED;
}
