import { describe, expect, it } from 'vitest';
import {
  addMonths,
  contractEndOf,
  ContractListQuery,
  contractStateOf,
  deferredPeriodsOf,
  instalmentCount,
  daysBetween,
  monthsBetween,
  paidInstalmentsOf,
  netScheduleOf,
  redemptionAmount,
  redemptionValidUntil,
  RedemptionOfferBody,
} from './contracts';
import { D, planInstalments, segmentsOf } from './calculation/billing';

describe('contract dates', () => {
  it('adds months with the day clamped to the month’s end, as PostgreSQL does', () => {
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2024-05-31', -3)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2026-03-01', -14)).toBe('2025-01-01');
  });

  it('counts the days between two days, a leap day included', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
    // Across the change to summer time a day is still a day.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('counts whole months between two days', () => {
    expect(monthsBetween('2026-01-15', '2026-01-15')).toBe(0);
    expect(monthsBetween('2026-01-15', '2026-02-14')).toBe(0);
    expect(monthsBetween('2026-01-15', '2026-02-15')).toBe(1);
    expect(monthsBetween('2026-01-31', '2026-02-28')).toBe(1);
    expect(monthsBetween('2025-03-01', '2026-02-28')).toBe(11);
    expect(monthsBetween('2026-02-15', '2026-01-15')).toBe(-1);
  });

  it('counts instalments paid in advance', () => {
    const monthly = { startDate: '2026-01-10', periodInMonths: 36, frequency: 'monthly' as const };
    expect(paidInstalmentsOf(monthly, '2026-01-09')).toBe(0);
    expect(paidInstalmentsOf(monthly, '2026-01-10')).toBe(1);
    expect(paidInstalmentsOf(monthly, '2026-02-09')).toBe(1);
    expect(paidInstalmentsOf(monthly, '2026-02-10')).toBe(2);
    expect(paidInstalmentsOf(monthly, '2031-01-01')).toBe(36);
    const quarterly = { ...monthly, frequency: 'quarterly' as const };
    expect(instalmentCount(36, 'quarterly')).toBe(12);
    expect(paidInstalmentsOf(quarterly, '2026-04-09')).toBe(1);
    expect(paidInstalmentsOf(quarterly, '2026-04-10')).toBe(2);
  });

  it('counts daily instalments by the day, 30 to the month', () => {
    const daily = { startDate: '2026-01-10', periodInMonths: 36, frequency: 'daily' as const };
    expect(paidInstalmentsOf(daily, '2026-01-10')).toBe(1);
    expect(paidInstalmentsOf(daily, '2026-01-25')).toBe(16);
    expect(paidInstalmentsOf(daily, '2026-02-10')).toBe(31);
    // A 31-day month counts 30: its last day adds none.
    expect(paidInstalmentsOf(daily, '2026-02-09')).toBe(paidInstalmentsOf(daily, '2026-02-08'));
    expect(paidInstalmentsOf(daily, '2030-01-01')).toBe(1080);
    // A rent-free month: the first on day 31, none before.
    const free = { ...daily, rentFreeMonths: 1 };
    expect(paidInstalmentsOf(free, '2026-02-09')).toBe(0);
    expect(paidInstalmentsOf(free, '2026-02-10')).toBe(1);
    expect(deferredPeriodsOf(free, '2026-01-25')).toBe(14);
  });

  it('counts none paid during a rent-free start, the first on its end', () => {
    const monthly = {
      startDate: '2026-01-10',
      periodInMonths: 36,
      frequency: 'monthly' as const,
      rentFreeMonths: 6,
    };
    expect(paidInstalmentsOf(monthly, '2026-01-10')).toBe(0);
    expect(paidInstalmentsOf(monthly, '2026-07-09')).toBe(0);
    expect(paidInstalmentsOf(monthly, '2026-07-10')).toBe(1);
    expect(paidInstalmentsOf(monthly, '2032-01-01')).toBe(36);
    // What is left of the start: the periods from the next one to the first instalment.
    expect(deferredPeriodsOf(monthly, '2026-01-10')).toBe(5);
    expect(deferredPeriodsOf(monthly, '2026-06-09')).toBe(1);
    expect(deferredPeriodsOf(monthly, '2026-06-10')).toBe(0);
    expect(deferredPeriodsOf(monthly, '2027-01-10')).toBe(0);
    const quarterly = { ...monthly, frequency: 'quarterly' as const };
    expect(paidInstalmentsOf(quarterly, '2026-07-09')).toBe(0);
    expect(paidInstalmentsOf(quarterly, '2026-07-10')).toBe(1);
    expect(deferredPeriodsOf(quarterly, '2026-01-10')).toBe(1);
    expect(deferredPeriodsOf(quarterly, '2026-04-10')).toBe(0);
    expect(deferredPeriodsOf({ ...monthly, rentFreeMonths: 0 }, '2026-01-10')).toBe(0);
  });

  it('ends the contract after its instalments’ months and the rent-free start, the day before', () => {
    expect(contractEndOf('2026-01-10', 36, 0)).toBe('2029-01-09');
    expect(contractEndOf('2026-01-10', 36, 6)).toBe('2029-07-09');
    expect(contractEndOf('2026-01-31', 1, 0)).toBe('2026-02-27');
    expect(contractEndOf('2026-03-01', 12, 0)).toBe('2027-02-28');
  });
});

describe('contractStateOf', () => {
  const c = { startDate: '2024-06-01', endDate: '2028-05-31' };

  it('follows the calendar: settled, running, expiring in the last 3 months, prolonged after the end', () => {
    expect(contractStateOf(c, '2024-05-31')).toBe('applicationSettled');
    expect(contractStateOf(c, '2024-06-01')).toBe('runningContract');
    expect(contractStateOf(c, '2028-02-29')).toBe('runningContract');
    expect(contractStateOf(c, '2028-03-01')).toBe('expiringSoon');
    expect(contractStateOf(c, '2028-05-31')).toBe('expiringSoon');
    expect(contractStateOf(c, '2028-06-01')).toBe('prolongedContract');
    expect(contractStateOf(c, '2031-01-01')).toBe('prolongedContract');
  });

  it('is cancelled once the cancellation is in force, paid once paid or returned', () => {
    expect(contractStateOf({ ...c, cancelledAt: '2026-01-10' }, '2026-01-09')).toBe('runningContract');
    expect(contractStateOf({ ...c, cancelledAt: '2026-01-10' }, '2026-01-10')).toBe('cancelled');
    expect(contractStateOf({ ...c, cancelledAt: '2026-01-10' }, '2029-01-10')).toBe('cancelled');
    expect(contractStateOf({ ...c, returnedAt: '2028-06-20' }, '2028-06-10')).toBe('prolongedContract');
    expect(contractStateOf({ ...c, returnedAt: '2028-06-20' }, '2028-06-20')).toBe('paid');
    expect(contractStateOf({ ...c, paidAt: '2027-01-01', cancelledAt: '2026-01-01' }, '2027-01-01')).toBe(
      'paid',
    );
  });

  it('is unknown without its dates', () => {
    expect(contractStateOf({ startDate: null, endDate: '2028-05-31' }, '2026-01-01')).toBe('unknown');
    expect(contractStateOf({ startDate: '2024-06-01', endDate: null }, '2026-01-01')).toBe('unknown');
  });
});

describe('redemptionAmount', () => {
  it('matches an example computed by hand', () => {
    /*
     * 12 monthly instalments of 100.00, 9 paid, 12 % a year (i = 1 % a month), residual value
     * 1,000.00. Three instalments remain, paid in advance:
     *   100 + 100 / 1.01 + 100 / 1.01²  = 100 + 99.0099 + 98.0296        =   297.04
     *   residual value 1,000 / 1.01³    = 1,000 / 1.030301               =   970.59
     *   together                                                         = 1,267.63
     *   fee 1 % = 12.68, below the minimum                               =   100.00
     *   redemption amount                                                = 1,367.63
     */
    expect(
      redemptionAmount({
        instalment: 100,
        periods: 12,
        paidInstalments: 9,
        annualRatePercent: 12,
        residualValue: 1000,
        frequency: 'monthly',
        currencyCode: 'EUR',
      }),
    ).toEqual({
      remainingInstalments: 3,
      paymentAmount: 100,
      remainingSchedule: [{ fromInstallment: 10, toInstallment: 12, totalInstallmentAmount: 100 }],
      instalmentsPresentValue: 297.04,
      residualValuePresentValue: 970.59,
      fee: 100,
      total: 1367.63,
    });
  });

  it('charges 1 % above the minimum fee', () => {
    // 24 of 36 instalments of 2,000.00 left at 6 % (0.5 % a month): 2,000 · (1 - 1.005^-24) / 0.005 · 1.005.
    const r = redemptionAmount({
      instalment: 2000,
      periods: 36,
      paidInstalments: 12,
      annualRatePercent: 6,
      residualValue: 0,
      frequency: 'monthly',
      currencyCode: 'EUR',
    });
    expect(r).toMatchObject({ remainingInstalments: 24, instalmentsPresentValue: 45351.36, fee: 453.51 });
    expect(r.total).toBe(45804.87);
  });

  it('discounts quarterly instalments at the quarterly rate', () => {
    // 48 months = 16 quarterly payments of 900.00, 4 paid, 1.5 % a quarter.
    const r = redemptionAmount({
      instalment: 900,
      periods: 48,
      paidInstalments: 4,
      annualRatePercent: 6,
      residualValue: 3000,
      frequency: 'quarterly',
      currencyCode: 'EUR',
    });
    expect(r).toMatchObject({
      remainingInstalments: 12,
      paymentAmount: 900,
      instalmentsPresentValue: 9964.01,
      residualValuePresentValue: 2509.16,
      fee: 124.73,
      total: 12597.9,
    });
  });

  it('is the financed amount before the first instalment (docs/domain.md section 3 example)', () => {
    // NAV 10,000 with 3 % commission financed at 7.9 % over 36 months: 320.18 a month.
    const r = redemptionAmount({
      instalment: 320.18,
      periods: 36,
      paidInstalments: 0,
      annualRatePercent: 7.9,
      residualValue: 0,
      frequency: 'monthly',
      currencyCode: 'EUR',
    });
    expect(Math.abs(r.instalmentsPresentValue - 10_300)).toBeLessThan(0.2);
  });

  it('discounts over what is left of a rent-free start, with nothing paid yet', () => {
    // The first example with 6 rent-free months: 333.04 a month (docs/domain.md section 3).
    const i = 0.079 / 12;
    const base = {
      instalment: 333.04,
      periods: 36,
      paidInstalments: 0,
      annualRatePercent: 7.9,
      residualValue: 0,
      frequency: 'monthly' as const,
      currencyCode: 'EUR',
    };
    // Worth the financed amount at the start, six months before the first instalment ...
    const start = redemptionAmount({ ...base, deferredPeriods: 6 });
    expect(Math.abs(start.instalmentsPresentValue - 10_300)).toBeLessThan(0.2);
    expect(start).toMatchObject({ remainingInstalments: 36, paymentAmount: 333.04 });
    // ... and that, with interest, in the third month: nothing was paid.
    const third = redemptionAmount({ ...base, deferredPeriods: 3 });
    expect(Math.abs(third.instalmentsPresentValue - 10_300 * (1 + i) ** 3)).toBeLessThan(0.3);

    // As a contract's calendar gives them: valued, as paid instalments are, at the next billing
    // period's start; on the start date the financed amount with a month's interest.
    const term = {
      startDate: '2026-01-10',
      periodInMonths: 36,
      frequency: 'monthly' as const,
      rentFreeMonths: 6,
    };
    const on = (today: string) =>
      redemptionAmount({
        ...base,
        paidInstalments: paidInstalmentsOf(term, today),
        deferredPeriods: deferredPeriodsOf(term, today),
      }).instalmentsPresentValue;
    expect(Math.abs(on('2026-01-10') - 10_300 * (1 + i))).toBeLessThan(0.2);
    expect(Math.abs(on('2026-03-20') - 10_300 * (1 + i) ** 3)).toBeLessThan(0.3);
    // The first instalment due on 10 July: then 35 remain, valued from the next month's start.
    expect(on('2026-07-10')).toBeCloseTo(
      redemptionAmount({ ...base, paidInstalments: 1 }).instalmentsPresentValue,
      2,
    );
  });

  it('is the financed amount before the first of the daily instalments too', () => {
    // The engine's daily instalment for the same financing: 10.71 a day over 1,080 days.
    const r = redemptionAmount({
      instalment: 10.71,
      periods: 36,
      paidInstalments: 0,
      annualRatePercent: 7.9,
      residualValue: 0,
      frequency: 'daily',
      currencyCode: 'EUR',
    });
    expect(Math.abs(r.instalmentsPresentValue - 10_300)).toBeLessThan(5);
  });

  it('is the residual value and the fee once every instalment is paid, and the sum without interest', () => {
    const base = {
      instalment: 500,
      periods: 24,
      annualRatePercent: 5,
      frequency: 'monthly' as const,
      currencyCode: 'EUR',
    };
    expect(redemptionAmount({ ...base, paidInstalments: 24, residualValue: 2500 })).toMatchObject({
      remainingInstalments: 0,
      instalmentsPresentValue: 0,
      residualValuePresentValue: 2500,
      fee: 100,
      total: 2600,
    });
    // The minimum fee is counted in the contract's currency: 1,000 kr, not 100 of anything.
    expect(
      redemptionAmount({ ...base, currencyCode: 'SEK', paidInstalments: 24, residualValue: 2500 }),
    ).toMatchObject({ fee: 1000, total: 3500 });
    expect(
      redemptionAmount({ ...base, annualRatePercent: 0, paidInstalments: 20, residualValue: 0 }),
    ).toMatchObject({ instalmentsPresentValue: 2000, total: 2100 });
  });
});

describe('redemptionAmount of a payment plan', () => {
  // The first example's 320.18 a month at 7.9 % over 36 months, as EasyStart: half of it for three
  // months, then one higher amount, worth as much as the level plan at the start.
  const i = new D(7.9).div(1200);
  const easyStart = planInstalments('EasyStart', new D(320.18), i, 36, 'monthly', 0, 1);
  const base = {
    instalment: 320.18,
    schedule: segmentsOf(easyStart),
    periods: 36,
    annualRatePercent: 7.9,
    residualValue: 0,
    frequency: 'monthly' as const,
    currencyCode: 'EUR',
  };
  const level = (paidInstalments: number) =>
    redemptionAmount({ ...base, schedule: undefined, paidInstalments }).instalmentsPresentValue;

  it('is worth the level plan before the first instalment', () => {
    const r = redemptionAmount({ ...base, paidInstalments: 0 });
    expect(Math.abs(r.instalmentsPresentValue - level(0))).toBeLessThan(0.05);
    expect(r.paymentAmount).toBe(160.09);
  });

  it('asks what is still owed after the low first months, more than the level instalment says', () => {
    const r = redemptionAmount({ ...base, paidInstalments: 3 });
    // What was worth the financed amount at the start, less the three halves paid, carried three
    // months on: the value of the 33 instalments still due.
    const v = new D(1).div(i.plus(1));
    const paid = easyStart.slice(0, 3).reduce((s, p, j) => s.plus(p.mul(v.pow(j))), new D(0));
    const owed = new D(level(0)).minus(paid).div(v.pow(3)).toNumber();
    expect(Math.abs(r.instalmentsPresentValue - owed)).toBeLessThan(0.05);
    expect(r.instalmentsPresentValue - level(3)).toBeGreaterThan(450);
    // The higher amount to the end, the last instalment with the plan's rounding difference.
    expect(r.remainingSchedule).toEqual(
      [4, 36].map((k) => ({
        fromInstallment: k,
        toInstallment: k === 4 ? 35 : 36,
        totalInstallmentAmount: easyStart[k - 1]!.toNumber(),
      })),
    );
    expect(r.paymentAmount).toBe(easyStart[3]!.toNumber());
  });

  it('names the remaining runs by the contract’s instalment numbers', () => {
    const r = redemptionAmount({ ...base, paidInstalments: 1 });
    expect(r.remainingSchedule.map((s) => [s.fromInstallment, s.toInstallment])).toEqual([
      [2, 3],
      [4, 35],
      [36, 36],
    ]);
  });

  it('takes runs that do not number every instalment for none: the level amount', () => {
    const gap = [{ fromInstallment: 1, toInstallment: 3, totalInstallmentAmount: 160.09 }];
    expect(redemptionAmount({ ...base, schedule: gap, paidInstalments: 0 }).instalmentsPresentValue).toBe(
      level(0),
    );
  });

  it('takes each run’s net part in the proportion of the level amounts', () => {
    const totals = [
      { fromInstallment: 1, toInstallment: 3, totalInstallmentAmount: 600 },
      { fromInstallment: 4, toInstallment: 36, totalInstallmentAmount: 1300 },
    ];
    expect(netScheduleOf(totals, 1200, 1000).map((s) => s.totalInstallmentAmount)).toEqual([500, 1083.33]);
    expect(netScheduleOf(totals, 0, 1000)).toEqual([]);
  });
});

describe('schemas', () => {
  it('reads the list query with the spec’s defaults and unindexed arrays', () => {
    expect(ContractListQuery.parse({})).toMatchObject({
      itemsPerPage: 10,
      page: 1,
      sortBy: 'startDate',
      sortDirection: 'desc',
    });
    expect(ContractListQuery.parse({ states: 'paid' }).states).toEqual(['paid']);
    expect(ContractListQuery.parse({ states: ['paid', 'expiringSoon'] }).states).toHaveLength(2);
    expect(ContractListQuery.safeParse({ states: 'inWork' }).success).toBe(false);
    expect(ContractListQuery.safeParse({ sortBy: 'lastEdited' }).success).toBe(false);
    expect(ContractListQuery.parse({ filterUserProfileId: '' }).filterUserProfileId).toBeUndefined();
  });

  it('limits the statement to 1000 characters', () => {
    expect(RedemptionOfferBody.parse({}).statement).toBe('');
    expect(RedemptionOfferBody.safeParse({ statement: 'x'.repeat(1000) }).success).toBe(true);
    expect(RedemptionOfferBody.safeParse({ statement: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('is valid for 14 days', () => {
    expect(redemptionValidUntil('2026-02-20')).toBe('2026-03-06');
  });
});
