import Decimal from 'decimal.js';

/**
 * Billing periods and payment plans (docs/domain.md, "Billing periods" and "Payment plans"):
 * the instalment is quoted per billing period, paid in advance, with the period's own rate and
 * count; a plan reshapes the schedule of instalments while its present value at the contract rate
 * stays that of the level plan. Money is decimal.
 */
export const D = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export const round2 = (d: Dec) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export const BILLING = {
  monthly: { billingPeriod: 'month', perYear: 12 },
  quarterly: { billingPeriod: 'quarter', perYear: 4 },
  daily: { billingPeriod: 'day', perYear: 360 },
} as const;
export type PaymentFrequency = keyof typeof BILLING;
export const PAYMENT_FREQUENCIES = [
  'daily',
  'monthly',
  'quarterly',
] as const satisfies readonly PaymentFrequency[];
export type BillingPeriod = (typeof BILLING)[PaymentFrequency]['billingPeriod'];
export const BILLING_PERIODS = ['day', 'month', 'quarter'] as const;
/**
 * The payment frequency of a billing period, BILLING read backwards: a result row names its
 * period, the month arithmetic (perMonth, perPeriod) takes the frequency. The type checks each
 * pair against BILLING.
 */
export const FREQUENCY_OF_BILLING_PERIOD = {
  day: 'daily',
  month: 'monthly',
  quarter: 'quarterly',
} as const satisfies { [F in PaymentFrequency as (typeof BILLING)[F]['billingPeriod']]: F };

/** Billing periods in `months` (daily: 30/360); undefined where quarters do not divide them. */
export function periodsIn(frequency: PaymentFrequency, months: number): number | undefined {
  if (frequency === 'quarterly') return months % 3 === 0 ? months / 3 : undefined;
  return frequency === 'daily' ? months * 30 : months;
}

/**
 * The level instalment in advance of a financed amount `F` with residual value `RV`, at rate `i`
 * per billing period over `N` of them, the first after `offset` periods:
 * F = R·Σ v^(offset+k) + RV·v^(offset+N). With no offset this is PMT(i, N, -F, RV, 1).
 */
export function annuityInstalment(F: Dec, RV: Dec, i: Dec, N: number, offset = 0): Dec {
  return instalmentAt(F, RV, i.isZero() ? undefined : discountOf(i), N, offset);
}

/** `annuityInstalment` at the discount of a rate that is not zero (none: a rate of zero). */
export function instalmentAt(F: Dec, RV: Dec, v: Discount | undefined, N: number, offset = 0): Dec {
  if (!v) return F.minus(RV).div(N);
  // No residual value: F - 0 is F, and that term needs no power at all.
  const net = RV.isZero() ? F : F.minus(RV.mul(v.pow(offset + N)));
  return net.div(offset === 0 ? v.annuity(N) : v.deferredAnnuity(N, offset));
}

/**
 * The discount factor v = (1 + i)⁻¹ of a rate per billing period, its powers and annuities, the
 * costly part of a calculation. Rates come from the condition lists, so there are few: each
 * value is worked out once and kept (the same decimal it would be afresh); the store is bounded.
 */
export interface Discount {
  v: Dec;
  pow(n: number): Dec;
  /** Σ v^k, k = 0 … n-1: n instalments of 1 in advance, (1 - v^n) / (1 - v). */
  annuity(n: number): Dec;
  /** The same n instalments after `offset` periods: annuity(n)·v^offset. */
  deferredAnnuity(n: number, offset: number): Dec;
}
const discounts = new Map<string, Discount>();
const MAX_RATES = 500;

/** A value per key, worked out on first use. */
function kept<K, V>(make: (key: K) => V): (key: K) => V {
  const values = new Map<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) values.set(key, (value = make(key)));
    return value;
  };
}

export function discountOf(i: Dec): Discount {
  const key = i.toString();
  let discount = discounts.get(key);
  if (!discount) {
    if (discounts.size >= MAX_RATES) discounts.clear();
    const v = i.plus(1).pow(-1);
    const pow = kept((n: number) => v.pow(n));
    const annuity = kept((n: number) => new D(1).minus(pow(n)).div(new D(1).minus(v)));
    // Keyed by n and offset together (offsets are below 100,000 billing periods).
    const deferred = kept((key: number) => annuity(Math.floor(key / 1e5)).mul(pow(key % 1e5)));
    discount = { v, pow, annuity, deferredAnnuity: (n, offset) => deferred(n * 1e5 + offset) };
    discounts.set(key, discount);
  }
  return discount;
}

/** A rate per billing period and its discount (none for a rate of zero). */
export interface PeriodRate {
  i: Dec;
  discount: Discount | undefined;
}
const rates = new Map<string, PeriodRate>();

/** The rate per billing period of a yearly rate in percent, kept as the discounts are. */
export function ratePerPeriod(annualPercent: number, frequency: PaymentFrequency): PeriodRate {
  const key = `${annualPercent}|${frequency}`;
  let rate = rates.get(key);
  if (!rate) {
    if (rates.size >= MAX_RATES) rates.clear();
    const i = new D(annualPercent).div(100).div(BILLING[frequency].perYear);
    rates.set(key, (rate = { i, discount: i.isZero() ? undefined : discountOf(i) }));
  }
  return rate;
}

/** A monthly amount per billing period (a quarter is 3 months, a day a thirtieth of one). */
export function perPeriod(frequency: PaymentFrequency, monthly: Dec): Dec {
  return frequency === 'quarterly' ? monthly.mul(3) : frequency === 'daily' ? monthly.div(30) : monthly;
}

/** An amount per billing period as much a month. */
export function perMonth(frequency: PaymentFrequency, amount: Dec): Dec {
  return frequency === 'quarterly' ? amount.div(3) : frequency === 'daily' ? amount.mul(30) : amount;
}

export const PAYMENT_PLANS = [
  'none',
  'EasyStart',
  'Progression',
  'SeasonSpring',
  'SeasonSummer',
  'SeasonWinter',
] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/** The calendar months (1–12) without instalments under each season plan. */
export const SEASON_MONTHS: Partial<Record<PaymentPlan, readonly number[]>> = {
  SeasonSpring: [3, 4, 5],
  SeasonSummer: [6, 7, 8],
  SeasonWinter: [12, 1, 2],
};
/** EasyStart: the first months at a share of the level instalment. */
export const EASY_START = { months: 3, share: 0.5 } as const;
/** Progression: the instalment rises this much each contract year. */
export const PROGRESSION_PER_YEAR = 0.1;

/** A run of equal instalments, numbered from 1. */
export interface ScheduleSegment {
  fromInstallment: number;
  toInstallment: number;
  totalInstallmentAmount: number;
}

/**
 * The instalments of a plan: `level` is the level plan's instalment per billing period, `rate`
 * the contract rate per billing period, `count` the number of instalments, `offset` the billing
 * periods before the first (a rent-free start), `startMonth` the calendar month the contract
 * starts in. Fixed instalments (EasyStart's first months, a season's months) are set; the others
 * share one level L (rising by year under Progression) chosen so that the present value is the
 * level plan's; after rounding to cents the last scaled instalment takes the difference, which
 * keeps the present values within a cent.
 */
export function planInstalments(
  plan: PaymentPlan,
  level: Dec,
  rate: Dec,
  count: number,
  frequency: PaymentFrequency,
  offset: number,
  startMonth: number,
): Dec[] {
  if (plan === 'none') return new Array<Dec>(count).fill(level);
  const monthOf = (k: number) => {
    const periods = offset + k;
    return frequency === 'quarterly'
      ? periods * 3
      : frequency === 'daily'
        ? Math.floor(periods / 30)
        : periods;
  };
  const season = SEASON_MONTHS[plan];
  // Each instalment: a fixed amount, or a factor of the level L to be found.
  const parts = Array.from({ length: count }, (_, k): { fixed: Dec } | { factor: Dec } => {
    const elapsed = monthOf(k) - monthOf(0);
    const calendar = ((startMonth - 1 + monthOf(k)) % 12) + 1;
    if (plan === 'EasyStart' && elapsed < EASY_START.months) return { fixed: level.mul(EASY_START.share) };
    if (season?.includes(calendar)) return { fixed: new D(0) };
    if (plan === 'Progression')
      return { factor: new D(1 + PROGRESSION_PER_YEAR).pow(Math.floor(elapsed / 12)) };
    return { factor: new D(1) };
  });
  const v = discountOf(rate);
  const discount = parts.map((_, k) => v.pow(k));
  const pvLevel = discount.reduce((s, d) => s.plus(d), new D(0)).mul(level);
  let pvFixed = new D(0);
  let scale = new D(0);
  parts.forEach((p, k) => {
    if ('fixed' in p) pvFixed = pvFixed.plus(p.fixed.mul(discount[k]!));
    else scale = scale.plus(p.factor.mul(discount[k]!));
  });
  // A plan with no scaled instalment (nothing left to pay) keeps the level plan.
  if (scale.isZero()) return parts.map(() => level);
  const L = pvLevel.minus(pvFixed).div(scale);
  const amounts = parts.map((p) => round2('fixed' in p ? p.fixed : p.factor.mul(L)));
  const last = parts.map((p) => 'factor' in p).lastIndexOf(true);
  const pv = amounts.reduce((s, a, k) => s.plus(a.mul(discount[k]!)), new D(0));
  amounts[last] = round2(amounts[last]!.plus(pvLevel.minus(pv).div(discount[last]!)));
  return amounts;
}

/** Consecutive equal instalments as runs. */
export function segmentsOf(amounts: Dec[]): ScheduleSegment[] {
  const segments: ScheduleSegment[] = [];
  amounts.forEach((a, k) => {
    const value = a.toNumber();
    const current = segments.at(-1);
    if (current && current.totalInstallmentAmount === value) current.toInstallment = k + 1;
    else segments.push({ fromInstallment: k + 1, toInstallment: k + 1, totalInstallmentAmount: value });
  });
  return segments;
}

/** What a plan's customer pays: the first run of equal instalments, and the amount after it. */
export interface PlanOutline {
  first: number;
  /** How many instalments the first amount is paid for. */
  firstCount: number;
  then: number;
}

/**
 * The headline of a plan (docs/domain.md, "Payment plans"): where an instalment is the headline,
 * a plan shows its first amount and what follows, never the level amount it is worth, which is
 * never charged. Given only where that is the whole story: one amount after the first run to the
 * end (EasyStart; a season's pause at the start alone), the last instalment allowed its rounding
 * difference. Null without a plan, and for schedules that change again (a rise each year, a pause
 * each year): those keep the level amount as headline and show their runs beside it.
 */
export function planOutline(schedule: readonly ScheduleSegment[] | undefined): PlanOutline | null {
  const [first, next, ...rest] = schedule ?? [];
  if (!first || !next) return null;
  const then = next.totalInstallmentAmount;
  const last = rest.at(-1);
  const rounding = (s: ScheduleSegment) =>
    s === last && s.fromInstallment === s.toInstallment && Math.abs(s.totalInstallmentAmount - then) < 1;
  if (!rest.every((s) => s.totalInstallmentAmount === then || rounding(s))) return null;
  return {
    first: first.totalInstallmentAmount,
    firstCount: first.toInstallment - first.fromInstallment + 1,
    then,
  };
}
