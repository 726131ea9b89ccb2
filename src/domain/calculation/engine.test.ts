import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, CALCULATION_ERRORS } from './engine';
import type { CalculateRequest, ConditionList } from './schemas';

const list = (over: Partial<ConditionList> = {}): ConditionList => ({
  id: 'CL-1',
  productId: 'P-VA',
  productType: 'VA leasing',
  contractTypeCode: 'VA',
  commission: 0,
  residualValue: 0,
  hasRepurchase: false,
  hasRecurringServiceFee: true,
  isCountedServicesAvailable: false,
  maintenanceFeeType: 'amount',
  navMinimum: 500,
  navUpperLimit: 250_000,
  periods: [12, 24, 36, 48, 60],
  defaultPeriod: 36,
  rateBands: [{ navFrom: 0, navTo: 1_000_000, annualRatePercent: 7.9 }],
  damageWaiverPercent: 0,
  paymentFrequencies: [{ code: 'monthly', surchargePercent: 0, surchargeAmount: 0 }],
  paymentMethods: [{ code: 'invoice', surchargePercent: 0, surchargeAmount: 0 }],
  handlingFee: { allowed: true, amount: 95 },
  advancePaymentMaxPercent: 30,
  ...over,
});
const general = [{ objectTypeId: 'OT-LAPTOP', quantity: 1 }];
const navRequest = (nav: number, over: Partial<CalculateRequest> = {}): CalculateRequest => ({
  navBasedCalculation: true,
  netAcquisitionValueAmount: nav,
  productId: 'P-VA',
  financingObjects: general,
  ...over,
});
const rowOf = (l: ConditionList, req: CalculateRequest, n: number) => {
  const out = calculate(l, req);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.results.find((r) => r.periodInMonths === n)!;
};

describe('the worked examples of DOMAIN.md', () => {
  it.each([
    { nav: 10_000, commission: 3, advance: 0, rv: 0, rate: 7.9, n: 36, net: 320.18 },
    { nav: 25_000, commission: 2, advance: 1_000, rv: 10, rate: 6.5, n: 48, net: 532.39 },
    { nav: 750, commission: 0, advance: 0, rv: 0, rate: 15, n: 12, net: 66.86 },
    { nav: 100_000, commission: 0, advance: 0, rv: 10, rate: 6, n: 36, net: 2774.1 },
  ])('NAV $nav, commission $commission %, advance $advance, RV $rv %, $rate % over $n months: $net', (e) => {
    const l = list({
      commission: e.commission,
      residualValue: e.rv,
      rateBands: [{ navFrom: 0, navTo: 1e6, annualRatePercent: e.rate }],
      periods: [e.n],
      defaultPeriod: e.n,
      advancePaymentMaxPercent: 100,
    });
    expect(
      rowOf(l, navRequest(e.nav, { advancePaymentAmount: e.advance }), e.n).netAcquisitionInstallmentAmount,
    ).toBe(e.net);
  });

  it('adds a 1.5 % + 0.50 surcharge: 540.87', () => {
    const l = list({
      commission: 2,
      residualValue: 10,
      rateBands: [{ navFrom: 0, navTo: 1e6, annualRatePercent: 6.5 }],
      periods: [48],
      defaultPeriod: 48,
    });
    const req = navRequest(25_000, {
      advancePaymentAmount: 1_000,
      paymentIntervalSurchargePercent: 1.5,
      paymentIntervalSurchargeAmount: 0.5,
    });
    expect(rowOf(l, req, 48).netAcquisitionInstallmentAmount).toBe(540.87);
  });
});

describe('the rows', () => {
  it('has one row per period, ascending, with service, damage waiver and total', () => {
    const l = list({ periods: [60, 12, 36], damageWaiverPercent: 0.15 });
    const out = calculate(l, navRequest(10_000, { recurringService: 12.5, selectedPeriod: 36 }));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.results.map((r) => r.periodInMonths)).toEqual([12, 36, 60]);
    const r36 = out.results[1]!;
    expect(r36).toMatchObject({
      serviceInstallmentAmount: 12.5,
      damageWaiverAmount: 15,
      isSelected: true,
      default: true,
    });
    expect(r36.totalInstallmentAmount).toBe(
      Math.round((r36.netAcquisitionInstallmentAmount + 12.5 + 15) * 100) / 100,
    );
  });

  it('takes a percent service fee of the net instalment and adds counted services', () => {
    const l = list({ maintenanceFeeType: 'percent', isCountedServicesAvailable: true, periods: [36] });
    const req = navRequest(10_000, {
      recurringService: 10,
      financingObjects: [
        {
          objectTypeId: 'OT-COPIER',
          quantity: 1,
          countedServiceSets: [
            { pricePerUnit: 0.012, unitsPerMonth: 2000 },
            { pricePerUnit: 0.08, unitsPerMonth: 500 },
          ],
        },
      ],
    });
    const r = rowOf(l, req, 36);
    expect(r.serviceInstallmentAmount).toBe(
      Math.round((r.netAcquisitionInstallmentAmount * 0.1 + 24 + 40) * 100) / 100,
    );
  });

  it('marks periods above the soft and hard limits of the objects, the smallest applying', () => {
    const limits = new Map([
      ['OT-LAPTOP', { softPeriodLimit: 48, hardPeriodLimit: 60 }],
      ['OT-COPIER', { softPeriodLimit: 60, hardPeriodLimit: 72 }],
    ]);
    const l = list({ periods: [36, 54, 72] });
    const out = calculate(
      l,
      navRequest(10_000, {
        financingObjects: [{ objectTypeId: 'OT-LAPTOP' }, { objectTypeId: 'OT-COPIER' }],
      }),
      limits,
    );
    expect(out.ok && out.results.map((r) => r.periodLimit)).toEqual([null, 'soft', 'hard']);
    const chosen = calculate(
      l,
      navRequest(10_000, { selectedPeriod: 72, financingObjects: [{ objectTypeId: 'OT-LAPTOP' }] }),
      limits,
    );
    expect(chosen.ok || chosen.errors).toEqual([
      { name: 'selectedPeriod', reason: CALCULATION_ERRORS.periodNotPossibleForObjectType },
    ]);
  });

  it('computes a NAV from an instalment and back', () => {
    const l = list({ commission: 3, periods: [36], defaultPeriod: 36 });
    const r = rowOf(
      l,
      {
        navBasedCalculation: false,
        netInstallmentAmount: 320.18,
        productId: 'P-VA',
        financingObjects: general,
      },
      36,
    );
    // A cent of instalment is worth about NAV / instalment / 200 of NAV (here some 0.16).
    expect(Math.abs(r.netAcquisitionValueAmount - 10_000)).toBeLessThanOrEqual((10_000 / 320.18) * 0.005);
    expect(r.netAcquisitionInstallmentAmount).toBe(320.18);
  });

  it('picks the rate band that holds the NAV', () => {
    const bands = [
      { navFrom: 0, navTo: 4999.99, annualRatePercent: 9.9 },
      { navFrom: 5000, navTo: 1e6, annualRatePercent: 5.9 },
    ];
    const l = list({ rateBands: bands, periods: [36] });
    expect(rowOf(l, navRequest(4999), 36).netAcquisitionInstallmentAmount).toBeGreaterThan(
      rowOf(l, navRequest(5000), 36).netAcquisitionInstallmentAmount,
    );
  });
});

describe('the checks before calculating', () => {
  const reasons = (l: ConditionList, req: CalculateRequest) => {
    const out = calculate(l, req);
    return out.ok ? [] : out.errors.map((e) => e.reason);
  };
  it.each<[string, ConditionList, CalculateRequest, string]>([
    ['NAV below the minimum', list(), navRequest(100), CALCULATION_ERRORS.navTooLow],
    ['NAV above the upper limit', list(), navRequest(300_000), CALCULATION_ERRORS.navExceedsUpperLimit],
    [
      'advance payment above its maximum',
      list(),
      navRequest(10_000, { advancePaymentAmount: 3_000.01 }),
      CALCULATION_ERRORS.advancePaymentTooHigh,
    ],
    [
      'objects not summing to the NAV',
      list(),
      navRequest(10_000, {
        hasSpecificObjects: true,
        financingObjects: [{ objectTypeId: 'a', price: 4_000, quantity: 2 }],
      }),
      CALCULATION_ERRORS.objectSumInvalid,
    ],
    [
      'an object price below 1',
      list(),
      navRequest(10_000, { hasSpecificObjects: true, financingObjects: [{ objectTypeId: 'a', price: 0.5 }] }),
      CALCULATION_ERRORS.objectPriceTooLow,
    ],
    [
      'more than 99 objects',
      list(),
      navRequest(10_000, {
        hasSpecificObjects: true,
        financingObjects: [{ objectTypeId: 'a', price: 100, quantity: 100 }],
      }),
      CALCULATION_ERRORS.tooManyObjects,
    ],
    ['no objects', list(), navRequest(10_000, { financingObjects: [] }), CALCULATION_ERRORS.objectsRequired],
    [
      'a handling fee where none is allowed',
      list({ handlingFee: { allowed: false, amount: 0 } }),
      navRequest(10_000, { handlingFeeAmount: 95 }),
      CALCULATION_ERRORS.handlingFeeNotAllowed,
    ],
    [
      'another product',
      list(),
      navRequest(10_000, { productId: 'P-TA' }),
      CALCULATION_ERRORS.noConditionListForProduct,
    ],
    [
      'an instalment not above the service fee',
      list(),
      {
        navBasedCalculation: false,
        netInstallmentAmount: 20,
        recurringService: 20,
        productId: 'P-VA',
        financingObjects: general,
      },
      CALCULATION_ERRORS.installmentMustExceedServiceFee,
    ],
    [
      'an instalment not above the counted services',
      list({ isCountedServicesAvailable: true }),
      {
        navBasedCalculation: false,
        netInstallmentAmount: 20,
        productId: 'P-VA',
        financingObjects: [
          { objectTypeId: 'c', countedServiceSets: [{ pricePerUnit: 0.01, unitsPerMonth: 3000 }] },
        ],
      },
      CALCULATION_ERRORS.installmentMustExceedCountedServices,
    ],
    [
      'an instalment so small that the factor is 0',
      list({ navMinimum: 0 }),
      {
        navBasedCalculation: false,
        netInstallmentAmount: 0.0001,
        productId: 'P-VA',
        financingObjects: general,
      },
      CALCULATION_ERRORS.factorZero,
    ],
  ])('%s', (_name, l, req, reason) => {
    expect(reasons(l, req)).toContain(reason);
  });

  it('accepts objects that sum to the NAV exactly', () => {
    expect(
      reasons(
        list(),
        navRequest(10_000, {
          hasSpecificObjects: true,
          financingObjects: [{ objectTypeId: 'a', price: 2_500, quantity: 4 }],
        }),
      ),
    ).toEqual([]);
  });
});

describe('properties', () => {
  const navArb = fc.integer({ min: 50_000, max: 25_000_000 }).map((cents) => cents / 100);
  const rateArb = fc.integer({ min: 0, max: 200 }).map((t) => t / 10);
  const periodArb = fc.constantFrom(12, 18, 24, 36, 48, 54, 60, 72);
  const commissionArb = fc.integer({ min: 0, max: 5 });
  const rvArb = fc.constantFrom(0, 5, 10, 15);

  // The instalment the user sees is rounded to a cent, so the NAV it implies is known to within
  // that cent's worth of NAV; the round trip is exact to the cent in the instalment itself.
  it('NAV → instalment → NAV round-trips within a cent of instalment', () => {
    fc.assert(
      fc.property(navArb, rateArb, periodArb, commissionArb, rvArb, (nav, rate, n, commission, rv) => {
        const l = list({
          commission,
          residualValue: rv,
          periods: [n],
          defaultPeriod: n,
          rateBands: [{ navFrom: 0, navTo: 1e7, annualRatePercent: rate }],
          navMinimum: 0,
          navUpperLimit: 1e7,
        });
        const forward = rowOf(l, navRequest(nav), n);
        const back = rowOf(
          l,
          {
            navBasedCalculation: false,
            netInstallmentAmount: forward.netAcquisitionInstallmentAmount,
            productId: 'P-VA',
            financingObjects: general,
          },
          n,
        );
        // A cent of instalment is worth NAV / instalment cents of NAV: the implied NAV is known to
        // within half of that (the rounding), plus the cent it is rounded down by and up to a cent
        // more for the residual value, which is rounded to cents on its own.
        const halfCentOfNav = (nav / forward.netAcquisitionInstallmentAmount) * 0.005 + 0.02;
        const again = rowOf(l, navRequest(back.netAcquisitionValueAmount), n).netAcquisitionInstallmentAmount;
        const cents = (v: number) => Math.round(v * 100);
        return (
          Math.abs(back.netAcquisitionValueAmount - nav) <= halfCentOfNav &&
          Math.abs(cents(again) - cents(forward.netAcquisitionInstallmentAmount)) <= 1
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a higher rate never lowers the instalment', () => {
    fc.assert(
      fc.property(navArb, rateArb, rateArb, periodArb, (nav, a, b, n) => {
        const at = (rate: number) =>
          rowOf(
            list({
              periods: [n],
              rateBands: [{ navFrom: 0, navTo: 1e7, annualRatePercent: rate }],
              navUpperLimit: 1e7,
            }),
            navRequest(nav),
            n,
          ).netAcquisitionInstallmentAmount;
        return a <= b ? at(a) <= at(b) : at(a) >= at(b);
      }),
      { numRuns: 300 },
    );
  });

  it('results are never negative', () => {
    fc.assert(
      fc.property(
        navArb,
        rateArb,
        periodArb,
        rvArb,
        fc.integer({ min: 0, max: 30 }),
        (nav, rate, n, rv, advancePct) => {
          const l = list({
            residualValue: rv,
            periods: [n],
            rateBands: [{ navFrom: 0, navTo: 1e7, annualRatePercent: rate }],
            navUpperLimit: 1e7,
          });
          const r = rowOf(
            l,
            navRequest(nav, { advancePaymentAmount: Math.floor(nav * advancePct) / 100 }),
            n,
          );
          return [
            r.netAcquisitionInstallmentAmount,
            r.serviceInstallmentAmount,
            r.damageWaiverAmount,
            r.totalInstallmentAmount,
          ].every((v) => v >= 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('an instalment too high for the list', () => {
  it('names the NAV above the upper limit, not a factor of 0', () => {
    const l = list({
      navUpperLimit: 250_000,
      rateBands: [{ navFrom: 0, navTo: 250_000, annualRatePercent: 7.9 }],
    });
    const out = calculate(l, {
      navBasedCalculation: false,
      netInstallmentAmount: 20_000,
      productId: 'P-VA',
      financingObjects: general,
    });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors.map((e) => e.reason)).toEqual([CALCULATION_ERRORS.navExceedsUpperLimit]);
  });
});
