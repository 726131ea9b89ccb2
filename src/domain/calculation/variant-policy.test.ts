import { describe, expect, it } from 'vitest';
import { STATE_CATEGORIES, categoryOf, type CalculationState } from './states';
import { MAX_VARIANTS, canCopyVariant, canDeleteVariant } from './variant-policy';

const STATES: CalculationState[] = Object.values(STATE_CATEGORIES).flat();

describe('the variant policy', () => {
  it('lets a set grow to its tenth variant and refuses the eleventh', () => {
    expect(MAX_VARIANTS).toBe(10);
    expect(canCopyVariant({ variantCount: 9 })).toEqual({ allowed: true });
    expect(canCopyVariant({ variantCount: 10 })).toEqual({ allowed: false, errorKey: 'tooManyVariants' });
  });

  it('deletes a quote that is not the last variant, in every state', () => {
    for (const state of STATES) {
      expect(canDeleteVariant({ variantCount: 1 }, state)).toEqual({
        allowed: false,
        errorKey: 'lastVariant',
      });
      expect(canDeleteVariant({ variantCount: 2 }, state).allowed).toBe(categoryOf(state) === 'Quote');
    }
  });
});
