import Decimal from 'decimal.js';
import type { InvalidParam } from '../../problems';
import {
  BILLING,
  D,
  EASY_START,
  perMonth,
  perPeriod,
  periodsIn,
  PROGRESSION_PER_YEAR,
  round2,
  SEASON_MONTHS,
  segmentsOf,
  type Dec,
  type PaymentFrequency,
  type PaymentPlan,
} from '../billing';
import {
  advancePaymentTooHigh,
  CALCULATION_ERROR_KEYS,
  CALCULATION_ERRORS,
  MAX_OBJECTS,
  MAX_RENT_FREE_MONTHS,
  navRangeError,
  objectPriceTooLow,
  objectsSumToNav,
  periodLimitsOf,
  type CalculationOutcome,
} from '../engine';
import { CalculateRequest, type ConditionList, type PeriodLimits, type ResultRow } from '../schemas';

/**
 * The engine as it was before it computed each period's terms once (every row worked out on its
 * own, every power afresh), kept only for engine-paths.test.ts: the engine must answer exactly
 * what this answers, to the last digit.
 */
const num = (d: Dec) => round2(d).toNumber();

/** v = (1 + i)⁻¹ and its powers, afresh. */
const discountOf = (i: Dec) => {
  const v = i.plus(1).pow(-1);
  return { v, pow: (n: number) => v.pow(n) };
};

function annuityInstalment(F: Dec, RV: Dec, i: Dec, N: number, offset = 0): Dec {
  if (i.isZero()) return F.minus(RV).div(N);
  const v = discountOf(i);
  const vN = v.pow(N);
  const annuity = new D(1).minus(vN).div(new D(1).minus(v.v)); // Σ v^k, k = 0 … N-1
  // No residual value or no rent-free start: that term needs no power at all.
  const residual = RV.isZero() ? RV : RV.mul(offset === 0 ? vN : v.pow(offset + N));
  return F.minus(residual).div(offset === 0 ? annuity : annuity.mul(v.pow(offset)));
}

function planInstalments(
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
  const v = new D(1).div(rate.plus(1));
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

interface Inputs {
  list: ConditionList;
  commission: Dec;
  rv: Dec;
  advance: Dec;
  surchargeFactor: Dec;
  surchargeAmount: Dec;
  countedPerMonth: Dec;
  fee: Dec;
  feeIsPercent: boolean;
  frequency: PaymentFrequency;
  plan: PaymentPlan;
  /** Billing periods before the first instalment (a rent-free start). */
  offset: number;
  startMonth: number;
}

/** The rate per billing period of a yearly rate in percent. */
const perBillingPeriod = (annualPercent: number, x: Inputs) =>
  new D(annualPercent).div(100).div(BILLING[x.frequency].perYear);

function rateFor(list: ConditionList, nav: Dec, x: Inputs): Dec | undefined {
  const band = list.rateBands.find((b) => nav.gte(b.navFrom) && nav.lte(b.navTo));
  return band && perBillingPeriod(band.annualRatePercent, x);
}

/**
 * R, the financing instalment before surcharges, for a NAV over N billing periods at rate i per
 * period, the first paid after `offset` periods: F = R·Σ v^(offset+k) + RV·v^(offset+N). With no
 * offset this is PMT(i, N, -F, RV, 1).
 */
function financing(nav: Dec, N: number, i: Dec, x: Inputs): Dec {
  const F = nav.mul(x.commission.div(100).plus(1)).minus(x.advance);
  return annuityInstalment(F, round2(nav.mul(x.rv).div(100)), i, N, x.offset);
}

function row(
  nav: Dec,
  n: number,
  x: Inputs,
  limits: PeriodLimits | undefined,
  selected: number | undefined,
): ResultRow {
  const i = rateFor(x.list, nav, x) ?? perBillingPeriod(x.list.rateBands.at(-1)!.annualRatePercent, x);
  const N = periodsIn(x.frequency, n)!;
  const R = financing(nav, N, i, x);
  const net = round2(R.mul(x.surchargeFactor).plus(x.surchargeAmount));
  const monthly = (d: Dec) => perPeriod(x.frequency, d);
  const svc = round2(
    (x.feeIsPercent ? net.mul(x.fee).div(100) : monthly(x.fee)).plus(monthly(x.countedPerMonth)),
  );
  const dw = round2(monthly(nav.mul(x.list.damageWaiverPercent).div(100)));
  const total = net.plus(svc).plus(dw);
  const instalments = planInstalments(x.plan, total, i, N, x.frequency, x.offset, x.startMonth);
  const periodLimit = !limits
    ? null
    : n > limits.hardPeriodLimit
      ? 'hard'
      : n > limits.softPeriodLimit
        ? 'soft'
        : null;
  return {
    periodInMonths: n,
    netAcquisitionValueAmount: num(nav),
    netAcquisitionInstallmentAmount: num(net),
    serviceInstallmentAmount: num(svc),
    damageWaiverAmount: num(dw),
    totalInstallmentAmount: num(total),
    billingPeriod: BILLING[x.frequency].billingPeriod,
    numberOfInstallments: N,
    monthlyTotalInstallmentAmount: num(perMonth(x.frequency, total)),
    firstInstallmentAmount: num(instalments[0]!),
    schedule: x.plan === 'none' ? [] : segmentsOf(instalments),
    periodLimit,
    isSelected: n === selected,
    default: n === x.list.defaultPeriod,
  };
}

/**
 * NAV from a net financing instalment R per billing period over n months (the instalment-based
 * calculation): the financing formula solved for the NAV.
 */
function navFromInstalment(R: Dec, n: number, x: Inputs): Dec | undefined {
  const bands = [...x.list.rateBands].sort((a, b) => b.navFrom - a.navFrom);
  const N = periodsIn(x.frequency, n)!;
  for (const band of bands) {
    const i = perBillingPeriod(band.annualRatePercent, x);
    const d = i.isZero() ? undefined : discountOf(i);
    const pow = (n: number) => d?.pow(n) ?? new D(1);
    const annuity = d ? R.mul(new D(1).minus(d.pow(N)).div(new D(1).minus(d.v))) : R.mul(N);
    const deferred = pow(x.offset);
    const divisor = x.commission
      .div(100)
      .plus(1)
      .minus(x.rv.div(100).mul(pow(x.offset + N)));
    const nav = annuity.mul(deferred).plus(x.advance).div(divisor).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    // Above the highest band the NAV is still the answer: the range check names it too high.
    if (nav.gte(band.navFrom) && (nav.lte(band.navTo) || band === bands[0])) return nav;
  }
  return undefined;
}

export function referenceCalculate(
  list: ConditionList | undefined,
  input: CalculateRequest,
  objectLimits: Map<string, PeriodLimits> = new Map(),
): CalculationOutcome {
  const req = CalculateRequest.parse(input);
  const errors: InvalidParam[] = [];
  const fail = (name: string, reason: string) => errors.push({ name, reason });
  if (!list || list.productId !== req.productId) {
    return {
      ok: false,
      errors: [{ name: 'productId', reason: CALCULATION_ERRORS.noConditionListForProduct }],
    };
  }

  const objects = req.financingObjects;
  if (objects.length === 0) fail('financingObjects', CALCULATION_ERRORS.objectsRequired);
  const itemCount = objects.reduce((sum, o) => sum + o.quantity, 0);
  if (req.hasSpecificObjects && itemCount > MAX_OBJECTS)
    fail('financingObjects', CALCULATION_ERRORS.tooManyObjects);
  if (req.hasSpecificObjects && objects.some((o) => objectPriceTooLow(o.price)))
    fail('financingObjects', CALCULATION_ERRORS.objectPriceTooLow);
  if (req.handlingFeeAmount > 0 && !list.handlingFee.allowed)
    fail('handlingFeeAmount', CALCULATION_ERRORS.handlingFeeNotAllowed);
  if (req.recurringService < 0) fail('recurringService', CALCULATION_ERRORS.maintenanceFeeNegative);
  const frequency = req.paymentFrequency;
  if (frequency === 'quarterly' && req.selectedPeriod !== undefined && req.selectedPeriod % 3 !== 0)
    fail('selectedPeriod', CALCULATION_ERRORS.periodNotQuarterly);
  const rentFree = req.rentFreeMonths;
  if (rentFree > MAX_RENT_FREE_MONTHS) fail('rentFreeMonths', CALCULATION_ERRORS.rentFreeTooLong);
  else if (rentFree > (list.maxRentFreeMonths ?? 0))
    fail('rentFreeMonths', CALCULATION_ERRORS.rentFreeNotAllowed);
  else if (periodsIn(frequency, rentFree) === undefined)
    fail('rentFreeMonths', CALCULATION_ERRORS.rentFreeNotQuarterly);

  const countedPerMonth = objects
    .flatMap((o) =>
      (o.countedServiceSets ?? []).map((s) => new D(s.pricePerUnit).mul(s.unitsPerMonth).mul(o.quantity)),
    )
    .reduce((a, b) => a.plus(b), new D(0));
  const x: Inputs = {
    list,
    commission: new D(list.commission),
    rv: new D(list.residualValue),
    advance: new D(req.advancePaymentAmount),
    surchargeFactor: new D(1)
      .plus(new D(req.paymentIntervalSurchargePercent).div(100))
      .plus(new D(req.paymentMethodSurchargePercent).div(100)),
    surchargeAmount: new D(req.paymentIntervalSurchargeAmount).plus(req.paymentMethodSurchargeAmount),
    countedPerMonth: list.isCountedServicesAvailable ? countedPerMonth : new D(0),
    fee: new D(Math.max(0, req.recurringService)),
    feeIsPercent: list.maintenanceFeeType === 'percent',
    frequency,
    plan: req.paymentPlan,
    offset: periodsIn(frequency, rentFree) ?? 0,
    // The season plans need the calendar: without a start month, the contract starts next month.
    startMonth: req.contractStartMonth ?? ((new Date().getMonth() + 1) % 12) + 1,
  };
  const limits = periodLimitsOf(
    objects.map((o) => o.objectTypeId),
    objectLimits,
  );
  if (req.selectedPeriod !== undefined && limits && req.selectedPeriod > limits.hardPeriodLimit) {
    fail('selectedPeriod', CALCULATION_ERRORS.periodNotPossibleForObjectType);
  }

  // Quarterly billing offers the periods made of whole quarters.
  const periods = [...list.periods]
    .sort((a, b) => a - b)
    .filter((n) => periodsIn(frequency, n) !== undefined);
  if (periods.length === 0) fail('paymentFrequency', CALCULATION_ERRORS.periodNotQuarterly);
  let navFor: (n: number) => Dec | undefined;
  if (req.navBasedCalculation) {
    if (req.netAcquisitionValueAmount === undefined)
      fail('netAcquisitionValueAmount', CALCULATION_ERRORS.navRequired);
    const nav = new D(req.netAcquisitionValueAmount ?? 0);
    navFor = () => nav;
  } else {
    if (req.netInstallmentAmount === undefined)
      fail('netInstallmentAmount', CALCULATION_ERRORS.installmentRequired);
    const instalment = new D(req.netInstallmentAmount ?? 0);
    // The instalment typed is per billing period, like the fees it must cover.
    const counted = perPeriod(frequency, x.countedPerMonth);
    const netStar = x.feeIsPercent
      ? instalment.minus(counted).div(x.fee.div(100).plus(1))
      : instalment.minus(perPeriod(frequency, x.fee)).minus(counted);
    if (netStar.lte(0)) {
      const onlyCounted = x.fee.isZero() || x.feeIsPercent;
      fail(
        'netInstallmentAmount',
        onlyCounted && !x.countedPerMonth.isZero()
          ? CALCULATION_ERRORS.installmentMustExceedCountedServices
          : CALCULATION_ERRORS.installmentMustExceedServiceFee,
      );
    }
    const R = netStar.minus(x.surchargeAmount).div(x.surchargeFactor);
    navFor = (n) => (R.gt(0) ? navFromInstalment(R, n, x) : undefined);
    // The factor R / NAV must not be 0 at 4 decimals, else the instalment is too small to mean anything.
    const nav = R.gt(0) ? navFromInstalment(R, list.defaultPeriod, x) : undefined;
    if (netStar.gt(0) && (!nav || nav.isZero() || R.div(nav).toDecimalPlaces(4).isZero())) {
      fail('netInstallmentAmount', CALCULATION_ERRORS.factorZero);
    }
  }
  if (errors.length) return { ok: false, errors };

  // The NAV must lie in the list's range (instalment based: for every period offered).
  const navs = periods.map((n) => navFor(n));
  for (const nav of navs) {
    const range = nav ? navRangeError(nav, list) : CALCULATION_ERRORS.navTooLow;
    if (range) fail('netAcquisitionValueAmount', range);
  }
  const firstNav = navs[0];
  if (firstNav && advancePaymentTooHigh(x.advance, firstNav, list))
    fail('advancePaymentAmount', CALCULATION_ERRORS.advancePaymentTooHigh);
  if (req.navBasedCalculation && req.hasSpecificObjects && firstNav && !objectsSumToNav(objects, firstNav))
    fail('financingObjects', CALCULATION_ERRORS.objectSumInvalid);
  if (errors.length) return { ok: false, errors: dedupe(errors) };

  const results = periods.map((n, k) => row(navs[k]!, n, x, limits, req.selectedPeriod));
  // The financing part, before surcharges: a fixed surcharge must not cover a negative instalment.
  if (results.some((r) => x.surchargeAmount.gte(r.netAcquisitionInstallmentAmount)))
    return { ok: false, errors: [], errorKeys: [CALCULATION_ERROR_KEYS.instalmentTooSmall] };
  return { ok: true, results };
}

function dedupe(errors: InvalidParam[]): InvalidParam[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.name}:${e.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
