import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, CALCULATION_ERROR_KEYS, CALCULATION_ERRORS } from './engine';
import { planOutline } from './billing';
import type { CalculateRequest, ConditionList } from './schemas';
import { listOf } from './test/fixtures';

/** A full payout list without damage waiver or payment surcharges, rates up to a NAV of 1,000,000. */
const list = (over: Partial<ConditionList> = {}): ConditionList =>
  listOf('CL-1', {
    productId: 'P-VA',
    productType: 'VA leasing',
    rateBands: [{ navFrom: 0, navTo: 1_000_000, annualRatePercent: 7.9 }],
    damageWaiverPercent: 0,
    paymentMethods: [{ code: 'invoice', surchargePercent: 0, surchargeAmount: 0 }],
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

describe('the worked examples of docs/domain.md', () => {
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

describe('a result with nothing to finance', () => {
  // A list that lets the advance payment and the residual value together cover the NAV.
  const generous = list({ residualValue: 60, advancePaymentMaxPercent: 60 });

  it('is refused as a whole with instalmentTooSmall, never offered as a negative instalment', () => {
    const out = calculate(generous, navRequest(10_000, { advancePaymentAmount: 5_000 }));
    expect(out).toEqual({ ok: false, errors: [], errorKeys: [CALCULATION_ERROR_KEYS.instalmentTooSmall] });
  });

  it('also when a fixed surcharge would lift the instalment above zero', () => {
    const surcharged = list({
      residualValue: 60,
      advancePaymentMaxPercent: 60,
      paymentMethods: [{ code: 'invoice', surchargePercent: 0, surchargeAmount: 500 }],
    });
    const out = calculate(
      surcharged,
      navRequest(10_000, { advancePaymentAmount: 5_000, paymentMethodSurchargeAmount: 500 }),
    );
    expect(out).toMatchObject({ ok: false, errorKeys: [CALCULATION_ERROR_KEYS.instalmentTooSmall] });
  });

  it('while a smaller advance payment on the same list still leaves an instalment', () => {
    const out = calculate(generous, navRequest(10_000, { advancePaymentAmount: 1_000 }));
    expect(out.ok && out.results.every((r) => r.netAcquisitionInstallmentAmount > 0)).toBe(true);
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

/** A spreadsheet's PMT(rate, nper, pv, fv, type), in binary floating point. */
function pmt(rate: number, nper: number, pv: number, fv: number, type: 0 | 1): number {
  if (rate === 0) return -(pv + fv) / nper;
  const growth = (1 + rate) ** nper;
  return (-(fv + pv * growth) * rate) / ((1 + rate * type) * (growth - 1));
}

describe('billing periods: the instalment per month, quarter or day', () => {
  const plain = (over: Partial<ConditionList> = {}) =>
    list({
      periods: [12, 18, 24, 36, 48, 54, 60, 72],
      navUpperLimit: 1e7,
      advancePaymentMaxPercent: 100,
      ...over,
    });

  it.each([
    ['monthly', 320.18, 'month', 36],
    ['quarterly', 953.63, 'quarter', 12],
    ['daily', 10.71, 'day', 1080],
  ] as const)(
    'NAV 10,000, commission 3 percent, 7.9 percent over 36 months, billed %s: %d per %s, %d instalments',
    (frequency, net, period, count) => {
      const r = rowOf(plain({ commission: 3 }), navRequest(10_000, { paymentFrequency: frequency }), 36);
      expect(r).toMatchObject({
        billingPeriod: period,
        netAcquisitionInstallmentAmount: net,
        numberOfInstallments: count,
      });
    },
  );

  it('an instalment per quarter or day with a rent-free start gives back its NAV', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 5_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 150 }).map((t) => t / 10),
        fc.constantFrom(12, 24, 36, 48, 60),
        fc.constantFrom('quarterly', 'daily'),
        fc.constantFrom(0, 3, 6, 12),
        (nav, rate, n, frequency, rentFreeMonths) => {
          const l = plain({
            periods: [n],
            defaultPeriod: n,
            maxRentFreeMonths: 12,
            rateBands: [{ navFrom: 0, navTo: 1e7, annualRatePercent: rate }],
            navMinimum: 0,
          });
          const forward = rowOf(l, navRequest(nav, { paymentFrequency: frequency, rentFreeMonths }), n);
          const back = rowOf(
            l,
            {
              navBasedCalculation: false,
              netInstallmentAmount: forward.netAcquisitionInstallmentAmount,
              productId: 'P-VA',
              financingObjects: general,
              paymentFrequency: frequency,
              rentFreeMonths,
            },
            n,
          );
          const centOfNav = (nav / forward.netAcquisitionInstallmentAmount) * 0.005 + 0.02;
          return Math.abs(back.netAcquisitionValueAmount - nav) <= centOfNav;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('equals a spreadsheet PMT(r/k, N, -F, RV, 1) for every frequency, within a cent', () => {
    const frequencies = { monthly: 12, quarterly: 4, daily: 360 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 25_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 200 }).map((t) => t / 10),
        fc.constantFrom(12, 18, 24, 36, 48, 54, 60, 72),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom(0, 5, 10, 15),
        fc.constantFrom('monthly', 'quarterly', 'daily'),
        (nav, rate, n, commission, rv, frequency: keyof typeof frequencies) => {
          const l = plain({
            commission,
            residualValue: rv,
            rateBands: [{ navFrom: 0, navTo: 1e7, annualRatePercent: rate }],
          });
          const k = frequencies[frequency];
          const N = frequency === 'quarterly' ? n / 3 : frequency === 'daily' ? n * 30 : n;
          const F = nav * (1 + commission / 100);
          const RV = Math.round(nav * rv) / 100;
          const expected = pmt(rate / 100 / k, N, -F, RV, 1);
          const got = rowOf(l, navRequest(nav, { paymentFrequency: frequency }), n);
          return Math.abs(got.netAcquisitionInstallmentAmount - expected) <= 0.005 + 1e-9;
        },
      ),
      { numRuns: 400 },
    );
  });

  it('scales service and damage waiver to the billing period and names the monthly equivalent', () => {
    const l = plain({ damageWaiverPercent: 0.15 });
    const monthly = rowOf(l, navRequest(10_000, { recurringService: 30 }), 36);
    const quarterly = rowOf(
      l,
      navRequest(10_000, { recurringService: 30, paymentFrequency: 'quarterly' }),
      36,
    );
    expect([monthly.serviceInstallmentAmount, monthly.damageWaiverAmount]).toEqual([30, 15]);
    expect([quarterly.serviceInstallmentAmount, quarterly.damageWaiverAmount]).toEqual([90, 45]);
    expect(quarterly.monthlyTotalInstallmentAmount).toBeCloseTo(quarterly.totalInstallmentAmount / 3, 2);
  });

  it('offers quarterly billing only over whole quarters, and refuses a period that is not one', () => {
    const l = plain({ periods: [12, 20, 36] });
    const out = calculate(l, navRequest(10_000, { paymentFrequency: 'quarterly' }));
    expect(out.ok && out.results.map((r) => r.periodInMonths)).toEqual([12, 36]);
    const refused = calculate(l, navRequest(10_000, { paymentFrequency: 'quarterly', selectedPeriod: 20 }));
    expect(!refused.ok && refused.errors).toEqual([{ name: 'selectedPeriod', reason: 'periodNotQuarterly' }]);
  });

  it('keeps monthly results for callers that send no frequency', () => {
    expect(rowOf(plain({ commission: 3 }), navRequest(10_000), 36).netAcquisitionInstallmentAmount).toBe(
      320.18,
    );
  });
});

describe('payment plans', () => {
  const l = list({ periods: [12, 24, 36, 48, 60], navUpperLimit: 1e7, commission: 3 });
  const instalments = (r: ReturnType<typeof rowOf>) =>
    r.schedule.flatMap((s) =>
      Array.from({ length: s.toInstallment - s.fromInstallment + 1 }, () => s.totalInstallmentAmount),
    );
  /** Present value, in advance, at the rate per billing period. */
  const pv = (amounts: number[], i: number) => amounts.reduce((s, a, k) => s + a / (1 + i) ** k, 0);

  it('EasyStart: half the level instalment for three months, the rest level', () => {
    const level = rowOf(l, navRequest(10_000), 36);
    const easy = instalments(rowOf(l, navRequest(10_000, { paymentPlan: 'EasyStart' }), 36));
    expect(easy.slice(0, 3)).toEqual([160.09, 160.09, 160.09]);
    expect(easy[3]).toBeGreaterThan(level.totalInstallmentAmount);
    expect(new Set(easy.slice(3, -1)).size).toBe(1);
  });

  it('heads a plan with its first amount and what follows, never the level amount', () => {
    const easy = rowOf(l, navRequest(10_000, { paymentPlan: 'EasyStart' }), 36);
    expect(planOutline(easy.schedule)).toEqual({ first: 160.09, firstCount: 3, then: 336.53 });
    const quarterly = rowOf(
      l,
      navRequest(10_000, { paymentPlan: 'EasyStart', paymentFrequency: 'quarterly' }),
      36,
    );
    expect(planOutline(quarterly.schedule)).toMatchObject({ firstCount: 1 });
    expect(planOutline(rowOf(l, navRequest(10_000), 36).schedule)).toBeNull();
    // Schedules that change again keep the level headline: a rise each year, a pause each year.
    expect(planOutline(rowOf(l, navRequest(10_000, { paymentPlan: 'Progression' }), 36).schedule)).toBeNull();
    const winter = rowOf(l, navRequest(10_000, { paymentPlan: 'SeasonWinter', contractStartMonth: 11 }), 36);
    expect(winter.schedule.length).toBeGreaterThan(3);
    expect(planOutline(winter.schedule)).toBeNull();
  });

  it('Progression: instalments rise 10 % each contract year', () => {
    const prog = instalments(rowOf(l, navRequest(10_000, { paymentPlan: 'Progression' }), 36));
    expect(prog[12]! / prog[0]!).toBeCloseTo(1.1, 3);
    expect(prog[24]! / prog[12]!).toBeCloseTo(1.1, 3);
  });

  it.each([
    ['SeasonWinter', [12, 1, 2]],
    ['SeasonSpring', [3, 4, 5]],
    ['SeasonSummer', [6, 7, 8]],
  ] as const)('%s: nothing in the months %j, the others level', (plan, months) => {
    const row = rowOf(l, navRequest(10_000, { paymentPlan: plan, contractStartMonth: 11 }), 24);
    instalments(row).forEach((amount, k) => {
      const calendar = ((11 - 1 + k) % 12) + 1;
      expect(amount === 0).toBe((months as readonly number[]).includes(calendar));
    });
    expect(row.firstInstallmentAmount).toBe(instalments(row)[0]);
  });

  it("keeps the level plan's present value at the contract rate within a cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 5_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 150 }).map((t) => t / 10),
        fc.constantFrom(12, 24, 36, 48, 60),
        fc.constantFrom('EasyStart', 'Progression', 'SeasonSpring', 'SeasonSummer', 'SeasonWinter'),
        fc.constantFrom('monthly', 'quarterly'),
        fc.integer({ min: 1, max: 12 }),
        (nav, rate, n, plan, frequency, startMonth) => {
          const withRate = list({
            periods: [n],
            navUpperLimit: 1e7,
            rateBands: [{ navFrom: 0, navTo: 1e7, annualRatePercent: rate }],
          });
          const request = navRequest(nav, { paymentFrequency: frequency, contractStartMonth: startMonth });
          const level = rowOf(withRate, request, n);
          const planned = rowOf(withRate, { ...request, paymentPlan: plan }, n);
          const i = rate / 100 / (frequency === 'quarterly' ? 4 : 12);
          const count = level.numberOfInstallments!;
          const levelPv = pv(
            Array.from({ length: count }, () => level.totalInstallmentAmount),
            i,
          );
          return Math.abs(pv(instalments(planned), i) - levelPv) < 0.01;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a rent-free start', () => {
  const allowing = (months: number) => list({ periods: [36], maxRentFreeMonths: months, navUpperLimit: 1e7 });

  it('moves the first instalment back, valued at the contract rate', () => {
    const shifted = rowOf(allowing(12), navRequest(10_000, { rentFreeMonths: 6 }), 36);
    const i = 0.079 / 12;
    // The financed amount equals the instalments discounted from month 6 on.
    const pvOfPayments = Array.from(
      { length: 36 },
      (_, k) => shifted.netAcquisitionInstallmentAmount / (1 + i) ** (6 + k),
    ).reduce((a, b) => a + b, 0);
    expect(pvOfPayments).toBeCloseTo(10_000, 0);
    expect(shifted.netAcquisitionInstallmentAmount).toBeGreaterThan(
      rowOf(allowing(12), navRequest(10_000), 36).netAcquisitionInstallmentAmount,
    );
  });

  it.each([
    [13, 12, 'rentFreeTooLong'],
    [3, 0, 'rentFreeNotAllowed'],
    [6, 3, 'rentFreeNotAllowed'],
  ])('%i months where the list allows %i: %s', (months, allowed, reason) => {
    const out = calculate(allowing(allowed), navRequest(10_000, { rentFreeMonths: months }));
    expect(!out.ok && out.errors).toEqual([{ name: 'rentFreeMonths', reason }]);
  });

  it('counts whole quarters under quarterly billing', () => {
    const out = calculate(
      allowing(12),
      navRequest(10_000, { rentFreeMonths: 4, paymentFrequency: 'quarterly' }),
    );
    expect(!out.ok && out.errors).toEqual([{ name: 'rentFreeMonths', reason: 'rentFreeNotQuarterly' }]);
  });
});
