import Decimal from 'decimal.js';
import {
  BILLING,
  D,
  discountOf,
  instalmentAt,
  perMonth,
  perPeriod,
  periodsIn,
  planInstalments,
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

const num = (d: Dec) => round2(d).toNumber();

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

export interface Rows {
  /** The row of a period for a NAV (rounded to cents as the request or the instalment gave it). */
  row(nav: Dec, n: number, limits: PeriodLimits | undefined, selected: number | undefined): ResultRow;
  /**
   * NAV from a net financing instalment R per billing period over n months (the
   * instalment-based calculation): the financing formula solved for the NAV.
   */
  navFromInstalment(R: Dec, n: number): Dec | undefined;
}

export function rowsOf(x: Inputs): Rows {
  const { list, frequency } = x;
  const rates = new Map<number, Dec>();
  /** The rate per billing period of a yearly rate in percent. */
  const perBillingPeriod = (annualPercent: number) => {
    let rate = rates.get(annualPercent);
    if (!rate)
      rates.set(annualPercent, (rate = new D(annualPercent).div(100).div(BILLING[frequency].perYear)));
    return rate;
  };
  const commissionFactor = x.commission.div(100).plus(1);
  const monthly = (d: Dec) => perPeriod(frequency, d);
  const fee = x.feeIsPercent ? undefined : monthly(x.fee);
  const counted = monthly(x.countedPerMonth);
  const fixedService = fee && round2(fee.plus(counted));
  const fixedServiceValue = fixedService?.toNumber();
  // Without surcharges R·1 + 0 is R itself (R has the precision's digits already).
  const surcharged = !x.surchargeFactor.eq(1) || !x.surchargeAmount.isZero();
  const descending = [...list.rateBands].sort((a, b) => b.navFrom - a.navFrom);

  const navs = new Map<Dec, NavTerms>();
  const termsOf = (nav: Dec): NavTerms => {
    let terms = navs.get(nav);
    if (terms) return terms;
    const band = list.rateBands.find((b) => nav.gte(b.navFrom) && nav.lte(b.navTo));
    const i = perBillingPeriod((band ?? list.rateBands.at(-1)!).annualRatePercent);
    const damageWaiver = round2(monthly(nav.mul(list.damageWaiverPercent).div(100)));
    terms = {
      i,
      discount: i.isZero() ? undefined : discountOf(i),
      F: nav.mul(commissionFactor).minus(x.advance),
      RV: round2(nav.mul(x.rv).div(100)),
      damageWaiver,
      value: num(nav),
      damageWaiverValue: damageWaiver.toNumber(),
    };
    navs.set(nav, terms);
    return terms;
  };

  return {
    row(nav, n, limits, selected) {
      const { i, discount, F, RV, damageWaiver, value, damageWaiverValue } = termsOf(nav);
      const N = periodsIn(frequency, n)!;
      const R = instalmentAt(F, RV, discount, N, x.offset);
      const net = round2(surcharged ? R.mul(x.surchargeFactor).plus(x.surchargeAmount) : R);
      const service = fixedService ?? round2(net.mul(x.fee).div(100).plus(counted));
      // Amounts in cents add up exactly: the total needs no rounding.
      const total = net.plus(service).plus(damageWaiver);
      const totalValue = total.toNumber();
      const periodLimit = !limits
        ? null
        : n > limits.hardPeriodLimit
          ? 'hard'
          : n > limits.softPeriodLimit
            ? 'soft'
            : null;
      // The level plan's every instalment is the total; another plan reshapes them.
      const instalments =
        x.plan === 'none'
          ? undefined
          : planInstalments(x.plan, total, i, N, frequency, x.offset, x.startMonth);
      return {
        periodInMonths: n,
        netAcquisitionValueAmount: value,
        netAcquisitionInstallmentAmount: net.toNumber(),
        serviceInstallmentAmount: fixedServiceValue ?? service.toNumber(),
        damageWaiverAmount: damageWaiverValue,
        totalInstallmentAmount: totalValue,
        billingPeriod: BILLING[frequency].billingPeriod,
        numberOfInstallments: N,
        monthlyTotalInstallmentAmount: frequency === 'monthly' ? totalValue : num(perMonth(frequency, total)),
        firstInstallmentAmount: instalments ? num(instalments[0]!) : totalValue,
        schedule: instalments ? segmentsOf(instalments) : [],
        periodLimit,
        isSelected: n === selected,
        default: n === list.defaultPeriod,
      };
    },

    navFromInstalment(R, n) {
      const N = periodsIn(frequency, n)!;
      for (const band of descending) {
        const i = perBillingPeriod(band.annualRatePercent);
        const d = i.isZero() ? undefined : discountOf(i);
        const pow = (k: number) => d?.pow(k) ?? new D(1);
        const annuity = d ? R.mul(d.annuity(N)) : R.mul(N);
        const divisor = commissionFactor.minus(x.rv.div(100).mul(pow(x.offset + N)));
        const nav = annuity
          .mul(pow(x.offset))
          .plus(x.advance)
          .div(divisor)
          .toDecimalPlaces(2, Decimal.ROUND_DOWN);
        // Above the highest band the NAV is still the answer: the range check names it too high.
        if (nav.gte(band.navFrom) && (nav.lte(band.navTo) || band === descending[0])) return nav;
      }
      return undefined;
    },
  };
}
