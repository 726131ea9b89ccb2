import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from '../../domain/calculation/billing';
import { numberFormat } from '../format/intl';

/**
 * Instalments as every screen names them (docs/domain.md, "Billing periods"): the amount with its
 * billing period ("€1,173.21 per quarter") and, beside a quarterly or daily one, what it is a
 * month ("€391.07 a month"). Rows saved before billing periods existed are monthly.
 */
export function useInstalmentFormat() {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) =>
    numberFormat(i18n.language, { style: 'currency', currency }).format(amount);
  return {
    money,
    /** "€1,173.21 per quarter". */
    perPeriod: (amount: number, period: BillingPeriod | undefined, currency: string) =>
      t(`billing.per.${period ?? 'month'}`, { amount: money(amount, currency) }),
    /** "€391.07 a month" beside a quarterly or daily instalment; nothing beside a monthly one. */
    monthly: (
      monthlyAmount: number | null | undefined,
      period: BillingPeriod | undefined,
      currency: string,
    ) =>
      !period || period === 'month' || monthlyAmount === null || monthlyAmount === undefined
        ? undefined
        : t('billing.monthlyEquivalent', { amount: money(monthlyAmount, currency) }),
    /** "per quarter", for column headers. */
    periodName: (period: BillingPeriod | undefined) => t(`billing.periodName.${period ?? 'month'}`),
  };
}
