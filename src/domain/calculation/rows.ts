import Decimal from 'decimal.js';
import {
  BILLING,
  D,
  instalmentAt,
  perMonth,
  perPeriod,
  periodsIn,
  planInstalments,
  ratePerPeriod,
  round2,
  segmentsOf,
  type Dec,
  type Discount,
  type PaymentFrequency,
  type PaymentPlan,
} from './billing';
import type { ConditionList, PeriodLimits, ResultRow } from './schemas';

/**
 * The rows of a calculation (docs/domain.md, "The calculation"). What the periods share (the
 * rates, the financed amount, the fees, a NAV's terms) is worked out once per call and each
 * period once; every amount is the decimal the formulas give row by row, operation for operation
 * (`test/engine-paths.test.ts` compares both). The instalment is per billing period, paid in
 * advance, with the period's rate and count: R = PMT(r/k, N, -F, RV, 1) with k billing periods a
 * year and N of them in the term.
 */
export interface Inputs {
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

/*
 * No closure is made per call or row: the server runs through tsx, which defines the name of
 * each one it makes, a cost a row would pay several times. Hence the class and the plain
 * functions.
 */
function num(d: Dec): number {
  return round2(d).toNumber();
}

/** The whole cents of an amount in cents. */
function cents(amount: number): number {
  return Math.round(amount * 100);
}

/** What the rows of one NAV share. */
interface NavTerms {
  /** The rate per billing period of the band that holds the NAV, and its discount (none at 0). */
  i: Dec;
  discount: Discount | undefined;
  /** The financed amount and the residual value. */
  F: Dec;
  RV: Dec;
  damageWaiver: Dec;
  /** The NAV and the damage waiver as the answer's numbers. */
  value: number;
  damageWaiverValue: number;
}

/** The rows of one call; `rowsOf` makes them. */
export class Rows {
  private readonly commissionFactor: Dec;
  private readonly counted: Dec;
  /** The service instalment when the fee is an amount (it does not depend on the row). */
  private readonly fixedService: Dec | undefined;
  private readonly fixedServiceValue: number | undefined;
  /** Without surcharges R·1 + 0 is R itself (R has the precision's digits already). */
  private readonly surcharged: boolean;
  private readonly descending: ConditionList['rateBands'];
  private readonly navs = new Map<Dec, NavTerms>();

  constructor(private readonly x: Inputs) {
    this.commissionFactor = x.commission.div(100).plus(1);
    this.counted = perPeriod(x.frequency, x.countedPerMonth);
    const fee = x.feeIsPercent ? undefined : perPeriod(x.frequency, x.fee);
    this.fixedService = fee && round2(fee.plus(this.counted));
    this.fixedServiceValue = this.fixedService?.toNumber();
    this.surcharged = !x.surchargeFactor.eq(1) || !x.surchargeAmount.isZero();
    this.descending = [...x.list.rateBands].sort((a, b) => b.navFrom - a.navFrom);
  }

  /** The row of a period for a NAV (rounded to cents as the request or the instalment gave it). */
  row(nav: Dec, n: number, limits: PeriodLimits | undefined, selected: number | undefined): ResultRow {
    const { x } = this;
    const { frequency } = x;
    const { i, discount, F, RV, damageWaiver, value, damageWaiverValue } = this.termsOf(nav);
    const N = periodsIn(frequency, n)!;
    const R = instalmentAt(F, RV, discount, N, x.offset);
    const net = round2(this.surcharged ? R.mul(x.surchargeFactor).plus(x.surchargeAmount) : R);
    const service = this.fixedService ?? round2(net.mul(x.fee).div(100).plus(this.counted));
    // Amounts in cents add up exactly: the total needs no rounding, and as whole cents (far
    // below 2⁵³) its number is the same as the decimal's. The level plan of a monthly
    // instalment needs no decimal total at all.
    const netValue = net.toNumber();
    const serviceValue = this.fixedServiceValue ?? service.toNumber();
    const totalValue = (cents(netValue) + cents(serviceValue) + cents(damageWaiverValue)) / 100;
    const total =
      x.plan === 'none' && frequency === 'monthly' ? undefined : net.plus(service).plus(damageWaiver);
    // The level plan's every instalment is the total; another plan reshapes them.
    const instalments =
      x.plan === 'none' || !total
        ? undefined
        : planInstalments(x.plan, total, i, N, frequency, x.offset, x.startMonth);
    return {
      periodInMonths: n,
      netAcquisitionValueAmount: value,
      netAcquisitionInstallmentAmount: netValue,
      serviceInstallmentAmount: serviceValue,
      damageWaiverAmount: damageWaiverValue,
      totalInstallmentAmount: totalValue,
      billingPeriod: BILLING[frequency].billingPeriod,
      numberOfInstallments: N,
      monthlyTotalInstallmentAmount: total ? num(perMonth(frequency, total)) : totalValue,
      firstInstallmentAmount: instalments ? num(instalments[0]!) : totalValue,
      schedule: instalments ? segmentsOf(instalments) : [],
      periodLimit: !limits
        ? null
        : n > limits.hardPeriodLimit
          ? 'hard'
          : n > limits.softPeriodLimit
            ? 'soft'
            : null,
      isSelected: n === selected,
      default: n === x.list.defaultPeriod,
    };
  }

  /**
   * NAV from a net financing instalment R per billing period over n months (the
   * instalment-based calculation): the financing formula solved for the NAV.
   */
  navFromInstalment(R: Dec, n: number): Dec | undefined {
    const { x, descending } = this;
    const N = periodsIn(x.frequency, n)!;
    for (const band of descending) {
      const d = ratePerPeriod(band.annualRatePercent, x.frequency).discount;
      const annuity = d ? R.mul(d.annuity(N)) : R.mul(N);
      const divisor = this.commissionFactor.minus(x.rv.div(100).mul(d ? d.pow(x.offset + N) : new D(1)));
      const nav = annuity
        .mul(d ? d.pow(x.offset) : new D(1))
        .plus(x.advance)
        .div(divisor)
        .toDecimalPlaces(2, Decimal.ROUND_DOWN);
      // Above the highest band the NAV is still the answer: the range check names it too high.
      if (nav.gte(band.navFrom) && (nav.lte(band.navTo) || band === descending[0])) return nav;
    }
    return undefined;
  }

  /** What the rows of a NAV share, worked out on its first row. */
  private termsOf(nav: Dec): NavTerms {
    let terms = this.navs.get(nav);
    if (terms) return terms;
    const { x } = this;
    const { list } = x;
    const band = list.rateBands.find((b) => nav.gte(b.navFrom) && nav.lte(b.navTo));
    const { i, discount } = ratePerPeriod((band ?? list.rateBands.at(-1)!).annualRatePercent, x.frequency);
    const damageWaiver = round2(perPeriod(x.frequency, nav.mul(list.damageWaiverPercent).div(100)));
    terms = {
      i,
      discount,
      F: nav.mul(this.commissionFactor).minus(x.advance),
      // No residual value: 0 as it would be worked out.
      RV: x.rv.isZero() ? x.rv : round2(nav.mul(x.rv).div(100)),
      damageWaiver,
      value: num(nav),
      damageWaiverValue: damageWaiver.toNumber(),
    };
    this.navs.set(nav, terms);
    return terms;
  }
}

export function rowsOf(x: Inputs): Rows {
  return new Rows(x);
}
