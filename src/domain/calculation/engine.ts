import type Decimal from 'decimal.js';
import type { z } from 'zod';
import type { InvalidParam } from '../problems';
import { D, perPeriod, periodsIn, round2, type Dec } from './billing';
import { rowsOf, type Inputs } from './rows';
import { CalculateRequest, type ConditionList, type PeriodLimits, type ResultRow } from './schemas';

/**
 * The calculation engine (docs/domain.md, "The calculation"), one home for server and offline
 * client: the checks here, the rows in rows.ts. Money is decimal; each named amount is rounded
 * half away from zero to 2 decimals at its end.
 */

/** The spec's message keys of the calculate and save 400s (portal specification, “The error catalogue”). */
export const CALCULATION_ERRORS = {
  navTooLow: 'navTooLow',
  navExceedsUpperLimit: 'navExceedsUpperLimit',
  advancePaymentTooHigh: 'advancePaymentTooHigh',
  objectSumInvalid: 'objectSumInvalid',
  objectPriceTooLow: 'objectPriceTooLow',
  tooManyObjects: 'tooManyObjects',
  objectsRequired: 'objectsRequired',
  handlingFeeNotAllowed: 'handlingFeeNotAllowed',
  noConditionListForProduct: 'noConditionListForProduct',
  periodNotPossibleForObjectType: 'periodNotPossibleForObjectType',
  installmentMustExceedServiceFee: 'installmentMustExceedServiceFee',
  installmentMustExceedCountedServices: 'installmentMustExceedCountedServices',
  factorZero: 'factorZero',
  maintenanceFeeNegative: 'maintenanceFeeNegative',
  installmentRequired: 'installmentRequired',
  navRequired: 'navRequired',
  periodNotQuarterly: 'periodNotQuarterly',
  rentFreeTooLong: 'rentFreeTooLong',
  rentFreeNotAllowed: 'rentFreeNotAllowed',
  rentFreeNotQuarterly: 'rentFreeNotQuarterly',
} as const;

/**
 * Refusals of the calculation as a whole, answered as error keys (docs/api.md, 'action
 * validation'): no field is wrong, the result is.
 */
export const CALCULATION_ERROR_KEYS = {
  /** A period's financing instalment is nothing or less: the advance payment and the residual value cover the NAV. */
  instalmentTooSmall: 'instalmentTooSmall',
} as const;

/** The longest rent-free start (portal specification, “Business constants and limits”). */
export const MAX_RENT_FREE_MONTHS = 12;

export const MAX_OBJECTS = 99;
export const MIN_OBJECT_PRICE = 1;

/*
 * The list's limits, in decimal, as `calculate` applies them to the amounts it receives. The
 * editor's draft check (editor.ts) calls these on the amounts it would send, so the two agree.
 */

/** navTooLow or navExceedsUpperLimit when the NAV lies outside the list's range. */
export function navRangeError(
  nav: Decimal.Value,
  list: Pick<ConditionList, 'navMinimum' | 'navUpperLimit'>,
): string | undefined {
  const d = new D(nav);
  if (d.lt(list.navMinimum)) return CALCULATION_ERRORS.navTooLow;
  if (d.gt(list.navUpperLimit)) return CALCULATION_ERRORS.navExceedsUpperLimit;
  return undefined;
}

/** Whether the advance payment is above the list's largest percent of the NAV. */
export const advancePaymentTooHigh = (
  advance: Decimal.Value,
  nav: Decimal.Value,
  list: Pick<ConditionList, 'advancePaymentMaxPercent'>,
) => new D(advance).gt(new D(nav).mul(list.advancePaymentMaxPercent).div(100));

/** Whether a specific object's price is missing or below the smallest price. */
export const objectPriceTooLow = (price: number | undefined) =>
  price === undefined || new D(price).lt(MIN_OBJECT_PRICE);

/** What the objects cost together, rounded to cents. */
export const objectsTotalOf = (objects: readonly { price?: number; quantity: number }[]) =>
  round2(objects.reduce((s, o) => s.plus(new D(o.price ?? 0).mul(o.quantity)), new D(0)));

/** Whether the objects' prices add up to the NAV (both rounded to cents). */
export const objectsSumToNav = (
  objects: readonly { price?: number; quantity: number }[],
  nav: Decimal.Value,
) => objectsTotalOf(objects).eq(round2(new D(nav)));

export type CalculationOutcome =
  | { ok: true; results: ResultRow[] }
  /** Field errors (`errors`), or, with none, what refused the result as a whole (`errorKeys`). */
  | { ok: false; errors: InvalidParam[]; errorKeys?: string[] };

/** The smallest period limits of the objects (undefined when no object type has any). */
export function periodLimitsOf(
  objectTypeIds: string[],
  limits: Map<string, PeriodLimits>,
): PeriodLimits | undefined {
  const known = objectTypeIds.map((id) => limits.get(id)).filter((l): l is PeriodLimits => Boolean(l));
  if (known.length === 0) return undefined;
  return {
    softPeriodLimit: Math.min(...known.map((l) => l.softPeriodLimit)),
    hardPeriodLimit: Math.min(...known.map((l) => l.hardPeriodLimit)),
  };
}

/**
 * One row per period of the condition list, ascending, or the invalid parameters. `list` is the
 * condition list the caller chose for the request's product; `objectLimits` the period limits
 * of object types.
 */
export function calculate(
  list: ConditionList | undefined,
  input: CalculateRequest,
  objectLimits: Map<string, PeriodLimits> = new Map(),
): CalculationOutcome {
  return calculateParsed(list, CalculateRequest.parse(input), objectLimits);
}

/** A request as `CalculateRequest` parses it (defaults filled in). */
export type ParsedCalculateRequest = z.output<typeof CalculateRequest>;

/** `calculate` of a request its schema has parsed already (the server's route did). */
export function calculateParsed(
  list: ConditionList | undefined,
  req: ParsedCalculateRequest,
  objectLimits: Map<string, PeriodLimits> = new Map(),
): CalculationOutcome {
  const errors: InvalidParam[] = [];
  if (!list || list.productId !== req.productId) {
    return {
      ok: false,
      errors: [{ name: 'productId', reason: CALCULATION_ERRORS.noConditionListForProduct }],
    };
  }

  const objects = req.financingObjects;
  if (objects.length === 0) fail(errors, 'financingObjects', CALCULATION_ERRORS.objectsRequired);
  const itemCount = objects.reduce((sum, o) => sum + o.quantity, 0);
  if (req.hasSpecificObjects && itemCount > MAX_OBJECTS)
    fail(errors, 'financingObjects', CALCULATION_ERRORS.tooManyObjects);
  if (req.hasSpecificObjects && objects.some((o) => objectPriceTooLow(o.price)))
    fail(errors, 'financingObjects', CALCULATION_ERRORS.objectPriceTooLow);
  if (req.handlingFeeAmount > 0 && !list.handlingFee.allowed)
    fail(errors, 'handlingFeeAmount', CALCULATION_ERRORS.handlingFeeNotAllowed);
  if (req.recurringService < 0) fail(errors, 'recurringService', CALCULATION_ERRORS.maintenanceFeeNegative);
  const frequency = req.paymentFrequency;
  if (frequency === 'quarterly' && req.selectedPeriod !== undefined && req.selectedPeriod % 3 !== 0)
    fail(errors, 'selectedPeriod', CALCULATION_ERRORS.periodNotQuarterly);
  const rentFree = req.rentFreeMonths;
  if (rentFree > MAX_RENT_FREE_MONTHS) fail(errors, 'rentFreeMonths', CALCULATION_ERRORS.rentFreeTooLong);
  else if (rentFree > (list.maxRentFreeMonths ?? 0))
    fail(errors, 'rentFreeMonths', CALCULATION_ERRORS.rentFreeNotAllowed);
  else if (periodsIn(frequency, rentFree) === undefined)
    fail(errors, 'rentFreeMonths', CALCULATION_ERRORS.rentFreeNotQuarterly);

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
  const rows = rowsOf(x);
  const limits = periodLimitsOf(
    objects.map((o) => o.objectTypeId),
    objectLimits,
  );
  if (req.selectedPeriod !== undefined && limits && req.selectedPeriod > limits.hardPeriodLimit) {
    fail(errors, 'selectedPeriod', CALCULATION_ERRORS.periodNotPossibleForObjectType);
  }

  // Quarterly billing offers the periods made of whole quarters.
  const periods = [...list.periods]
    .sort((a, b) => a - b)
    .filter((n) => periodsIn(frequency, n) !== undefined);
  if (periods.length === 0) fail(errors, 'paymentFrequency', CALCULATION_ERRORS.periodNotQuarterly);
  let navs: (Dec | undefined)[];
  if (req.navBasedCalculation) {
    if (req.netAcquisitionValueAmount === undefined)
      fail(errors, 'netAcquisitionValueAmount', CALCULATION_ERRORS.navRequired);
    const nav = new D(req.netAcquisitionValueAmount ?? 0);
    navs = periods.map(() => nav);
  } else {
    if (req.netInstallmentAmount === undefined)
      fail(errors, 'netInstallmentAmount', CALCULATION_ERRORS.installmentRequired);
    const instalment = new D(req.netInstallmentAmount ?? 0);
    // The instalment typed is per billing period, like the fees it must cover.
    const counted = perPeriod(frequency, x.countedPerMonth);
    const netStar = x.feeIsPercent
      ? instalment.minus(counted).div(x.fee.div(100).plus(1))
      : instalment.minus(perPeriod(frequency, x.fee)).minus(counted);
    if (netStar.lte(0)) {
      const onlyCounted = x.fee.isZero() || x.feeIsPercent;
      fail(
        errors,
        'netInstallmentAmount',
        onlyCounted && !x.countedPerMonth.isZero()
          ? CALCULATION_ERRORS.installmentMustExceedCountedServices
          : CALCULATION_ERRORS.installmentMustExceedServiceFee,
      );
    }
    const R = netStar.minus(x.surchargeAmount).div(x.surchargeFactor);
    // Each period's NAV once, the default period's too.
    const found = new Map<number, Dec | undefined>();
    for (const n of [list.defaultPeriod, ...periods])
      if (!found.has(n)) found.set(n, R.gt(0) ? rows.navFromInstalment(R, n) : undefined);
    // The factor R / NAV must not be 0 at 4 decimals, else the instalment is too small to mean anything.
    const nav = found.get(list.defaultPeriod);
    if (netStar.gt(0) && (!nav || nav.isZero() || R.div(nav).toDecimalPlaces(4).isZero())) {
      fail(errors, 'netInstallmentAmount', CALCULATION_ERRORS.factorZero);
    }
    navs = periods.map((n) => found.get(n));
  }
  if (errors.length) return { ok: false, errors };

  // The NAV must lie in the list's range (instalment based: for every period offered); a NAV
  // shared by the periods is checked once.
  for (const nav of new Set(navs)) {
    const range = nav ? navRangeError(nav, list) : CALCULATION_ERRORS.navTooLow;
    if (range) fail(errors, 'netAcquisitionValueAmount', range);
  }
  const firstNav = navs[0];
  if (firstNav && advancePaymentTooHigh(x.advance, firstNav, list))
    fail(errors, 'advancePaymentAmount', CALCULATION_ERRORS.advancePaymentTooHigh);
  if (req.navBasedCalculation && req.hasSpecificObjects && firstNav && !objectsSumToNav(objects, firstNav))
    fail(errors, 'financingObjects', CALCULATION_ERRORS.objectSumInvalid);
  if (errors.length) return { ok: false, errors: dedupe(errors) };

  const results = periods.map((n, k) => rows.row(navs[k]!, n, limits, req.selectedPeriod));
  // The financing part, before surcharges: a fixed surcharge must not cover a negative instalment.
  if (results.some((row) => x.surchargeAmount.gte(row.netAcquisitionInstallmentAmount)))
    return { ok: false, errors: [], errorKeys: [CALCULATION_ERROR_KEYS.instalmentTooSmall] };
  return { ok: true, results };
}

/**
 * Records a refusal. Module-level, as the engine's other helpers: a closure made per call costs
 * a property definition each time under tsx, which keeps function names.
 */
function fail(errors: InvalidParam[], name: string, reason: string): void {
  errors.push({ name, reason });
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
