import { describe, expect, it } from 'vitest';
import { leaseFactorOf, ratio } from './amounts';
import { BILLING, D, FREQUENCY_OF_BILLING_PERIOD, PAYMENT_FREQUENCIES } from './billing';

describe('ratio', () => {
  it('rounds to 2 decimals, half up', () => {
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(2, 3)).toBe(0.67);
    expect(ratio(0.125, 1)).toBe(0.13);
    // A decimal numerator is divided as it is.
    expect(ratio(new D(2).div(3), 1)).toBe(0.67);
  });

  it('is 0 for a numerator of 0 or less, and without a denominator', () => {
    expect(ratio(0, 5)).toBe(0);
    expect(ratio(-4, 2)).toBe(0);
    expect(ratio(4, 0)).toBe(0);
  });
});

describe('leaseFactorOf', () => {
  const row = { netAcquisitionValueAmount: 10000, netAcquisitionInstallmentAmount: 209 };

  it('is the monthly net instalment in percent of the net acquisition value', () => {
    expect(leaseFactorOf({ ...row, billingPeriod: 'month' })).toBe(2.09);
  });

  it('counts a quarterly instalment as a third a month, a daily one as thirty', () => {
    expect(leaseFactorOf({ ...row, netAcquisitionInstallmentAmount: 627, billingPeriod: 'quarter' })).toBe(
      2.09,
    );
    expect(leaseFactorOf({ ...row, netAcquisitionInstallmentAmount: 6.97, billingPeriod: 'day' })).toBe(2.09);
  });

  it("reads a row's billing period back as the frequency it is billed by", () => {
    for (const f of PAYMENT_FREQUENCIES)
      expect(FREQUENCY_OF_BILLING_PERIOD[BILLING[f].billingPeriod]).toBe(f);
  });

  it('is 0 without an instalment or a value', () => {
    expect(leaseFactorOf({ ...row, netAcquisitionInstallmentAmount: 0, billingPeriod: 'month' })).toBe(0);
    expect(leaseFactorOf({ ...row, netAcquisitionValueAmount: 0, billingPeriod: 'month' })).toBe(0);
  });
});
