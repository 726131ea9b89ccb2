import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annuityInstalment, D, discountOf } from './billing';

describe('the discount factors kept per rate', () => {
  it('are the very decimals worked out afresh, for any rate and power, also past the store’s bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 0, max: 2_200 }), (bp, n) => {
        const i = new D(bp).div(120_000); // an annual rate in basis points, per month
        const v = i.plus(1).pow(-1);
        expect(discountOf(i).v.equals(v)).toBe(true);
        expect(discountOf(i).pow(n).equals(v.pow(n))).toBe(true);
      }),
      { numRuns: 1_500 },
    );
  });

  it('give the instalment PMT(i, N, -F, RV, 1) gives, with and without residual value and offset', () => {
    const i = new D(7.9).div(1200);
    // 10,000 over 36 months at 7.9 % a year: 312.90 in arrears, 312.90 / (1 + 0.079/12) = 310.86 in advance.
    expect(annuityInstalment(new D(10_000), new D(0), i, 36).toDecimalPlaces(2).toNumber()).toBe(310.86);
    const withRv = annuityInstalment(new D(10_000), new D(1_000), i, 36);
    const v = i.plus(1).pow(-1);
    const annuity = new D(1).minus(v.pow(36)).div(new D(1).minus(v));
    expect(withRv.equals(new D(10_000).minus(new D(1_000).mul(v.pow(36))).div(annuity))).toBe(true);
    const deferred = annuityInstalment(new D(10_000), new D(1_000), i, 36, 3);
    expect(deferred.equals(new D(10_000).minus(new D(1_000).mul(v.pow(39))).div(annuity.mul(v.pow(3))))).toBe(
      true,
    );
  });
});
