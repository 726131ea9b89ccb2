import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_FREQUENCIES, PAYMENT_PLANS } from '../billing';
import { calculate, calculateParsed } from '../engine';
import { CalculateRequest, type ConditionList } from '../schemas';
import { referenceCalculate } from './engine-reference';

const cents = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((c) => c / 100);
const tenths = (max: number) => fc.integer({ min: 0, max: max * 10 }).map((t) => t / 10);

const listArb: fc.Arbitrary<ConditionList> = fc
  .record({
    commission: fc.constantFrom(0, 2, 3, 2.5),
    residualValue: fc.constantFrom(0, 0, 10, 15, 20),
    maintenanceFeeType: fc.constantFrom('percent' as const, 'amount' as const),
    isCountedServicesAvailable: fc.boolean(),
    periods: fc.uniqueArray(fc.constantFrom(6, 12, 18, 24, 36, 48, 54, 60, 72, 84), {
      minLength: 1,
      maxLength: 8,
    }),
    rates: fc.tuple(tenths(20), tenths(20), tenths(20)),
    damageWaiverPercent: fc.constantFrom(0, 0.15, 0.5),
    maxRentFreeMonths: fc.constantFrom(0, 12, 12, 12),
  })
  .map((l) => ({
    id: 'CL-1',
    productId: 'P-1',
    productType: 'Leasing',
    contractTypeCode: 'VA',
    commission: l.commission,
    residualValue: l.residualValue,
    hasRepurchase: false,
    hasRecurringServiceFee: true,
    isCountedServicesAvailable: l.isCountedServicesAvailable,
    maintenanceFeeType: l.maintenanceFeeType,
    navMinimum: 500,
    navUpperLimit: 1_000_000,
    periods: l.periods,
    defaultPeriod: l.periods[0]!,
    rateBands: [
      { navFrom: 0, navTo: 4999.99, annualRatePercent: l.rates[0] },
      { navFrom: 5000, navTo: 24999.99, annualRatePercent: l.rates[1] },
      { navFrom: 25000, navTo: 1_000_000, annualRatePercent: l.rates[2] },
    ],
    damageWaiverPercent: l.damageWaiverPercent,
    paymentFrequencies: [{ code: 'monthly', surchargePercent: 0, surchargeAmount: 0 }],
    paymentMethods: [{ code: 'invoice', surchargePercent: 0, surchargeAmount: 0 }],
    handlingFee: { allowed: true, amount: 95 },
    advancePaymentMaxPercent: 30,
    maxRentFreeMonths: l.maxRentFreeMonths,
  }));

const requestArb: fc.Arbitrary<CalculateRequest> = fc.record({
  navBasedCalculation: fc.boolean(),
  netAcquisitionValueAmount: cents(300, 300_000),
  netInstallmentAmount: cents(20, 5_000),
  advancePaymentAmount: fc.oneof(fc.constant(0), cents(0, 5_000)),
  paymentIntervalSurchargePercent: fc.constantFrom(0, 1.5),
  paymentIntervalSurchargeAmount: fc.constantFrom(0, 0.5),
  paymentMethodSurchargePercent: fc.constantFrom(0, 2),
  paymentMethodSurchargeAmount: fc.constantFrom(0, 2.5),
  recurringService: fc.oneof(fc.constant(0), cents(0, 50)),
  productId: fc.constant('P-1'),
  hasSpecificObjects: fc.constant(false),
  selectedPeriod: fc.constantFrom(undefined, 24, 36),
  financingObjects: fc.constant([
    {
      objectTypeId: 'OT-COPIER',
      quantity: 2,
      countedServiceSets: [{ pricePerUnit: 0.012, unitsPerMonth: 900 }],
    },
  ]),
  paymentFrequency: fc.constantFrom(...PAYMENT_FREQUENCIES),
  paymentPlan: fc.oneof(fc.constant('none' as const), fc.constantFrom(...PAYMENT_PLANS)),
  rentFreeMonths: fc.constantFrom(0, 0, 3, 6, 12),
  contractStartMonth: fc.integer({ min: 1, max: 12 }),
});

const limits = new Map([['OT-COPIER', { softPeriodLimit: 48, hardPeriodLimit: 60 }]]);

describe('the engine and the engine as it was', () => {
  it('answer the same rows and errors, to the last digit, for any list and request', () => {
    let calculated = 0;
    fc.assert(
      fc.property(listArb, requestArb, (list, req) => {
        const expected = referenceCalculate(list, req, limits);
        if (expected.ok) calculated += 1;
        expect(calculate(list, req, limits)).toEqual(expected);
        expect(calculateParsed(list, CalculateRequest.parse(req), limits)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
    // Most cases get as far as the rows, not only to a refusal.
    expect(calculated).toBeGreaterThan(80);
  });
});
