import { useTranslation } from 'react-i18next';
import { type BillingPeriod, planOutline, type ScheduleSegment } from '../../domain/calculation/billing';
import { numberFormat } from '../format/intl';

/** What a headline instalment is per, and the plan's runs (empty without a plan). */
interface Instalments {
  billingPeriod?: BillingPeriod;
  schedule?: readonly ScheduleSegment[];
}

/**
 * Instalments as every screen names them (docs/domain.md, "Billing periods"): the amount with its
 * billing period ("€1,173.21 per quarter"), a payment plan's first amount and what follows it
 * ("€2,148.16 for 1 quarter, then €4,511.15 per quarter"), and, beside a quarterly or daily one, what it is a
 * month ("€391.07 a month"). Rows saved before billing periods existed are monthly.
 */
export function useInstalmentFormat() {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) =>
    numberFormat(i18n.language, { style: 'currency', currency }).format(amount);
  const perPeriod = (amount: number, period: BillingPeriod | undefined, currency: string) =>
    t(`billing.per.${period ?? 'month'}`, { amount: money(amount, currency) });
  /** A plan's first amount, how long it runs and the amount after it; undefined without a plan. */
  const plan = (row: Instalments, currency: string) => {
    const outline = planOutline(row.schedule);
    if (!outline) return undefined;
    const values = {
      first: money(outline.first, currency),
      periods: t(`billing.periods.${row.billingPeriod ?? 'month'}`, { count: outline.firstCount }),
      then: perPeriod(outline.then, row.billingPeriod, currency),
    };
    return {
      first: values.first,
      /** "for 1 quarter, then €4,511.15 per quarter", under the first amount. */
      then: t('billing.planThen', values),
      /** "€2,148.16 for 1 quarter, then €4,511.15 per quarter", on one line. */
      outline: t('billing.planOutline', values),
    };
  };
  /** "€391.07 a month" beside a quarterly or daily instalment; nothing beside a monthly one. */
  const monthly = (
    monthlyAmount: number | null | undefined,
    period: BillingPeriod | undefined,
    currency: string,
  ) =>
    !period || period === 'month' || monthlyAmount === null || monthlyAmount === undefined
      ? undefined
      : t('billing.monthlyEquivalent', { amount: money(monthlyAmount, currency) });
  return {
    money,
    perPeriod,
    plan,
    monthly,
    /**
     * What the customer pays, on one line: a plan's outline; else the amount per period, with
     * what a quarterly or daily one is a month when that is given.
     */
    instalment: (amount: number, row: Instalments, currency: string, monthlyAmount?: number | null) => {
      const outline = plan(row, currency)?.outline;
      if (outline) return outline;
      const total = perPeriod(amount, row.billingPeriod, currency);
      const aMonth = monthly(monthlyAmount, row.billingPeriod, currency);
      return aMonth ? `${total} (${aMonth})` : total;
    },
    /** "per quarter", for column headers. */
    periodName: (period: BillingPeriod | undefined) => t(`billing.periodName.${period ?? 'month'}`),
  };
}
