import type { TranslatedLocale } from '../../../domain/locales';
import { translate, translateCount } from '../../i18n';
import type { SetRow, VariantRow } from '../calculations';
import type { BankIdSigneeRecord } from './repo';

/**
 * What the signer reads in the BankID app: the contract, its NAV and instalment (or the
 * delivery), in the contract's language (`contractLocaleOf` of the signing module) with its
 * number formats.
 */
export function visibleText(
  set: SetRow,
  variant: VariantRow,
  role: 'customer' | 'delivery',
  signee: BankIdSigneeRecord,
  locale: TranslatedLocale,
): string {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: set.currencyCode });
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(locale, `bankid.visible.${key}`, vars);
  const reference = set.id.slice(0, 8).toUpperCase();
  const customer = set.applicant?.name ?? '';
  const name = `${signee.firstName} ${signee.lastName}`;
  if (role === 'delivery')
    return [t('delivery', { reference, customer }), t('deliveryConfirmed'), name].join('\n');
  const row =
    variant.results.find((r) => r.periodInMonths === variant.payload.periodInMonths) ?? variant.results[0];
  return [
    t('contract', { reference, customer }),
    row
      ? t('amounts', {
          nav: money.format(row.netAcquisitionValueAmount),
          months: translateCount(locale, 'calculation.results.months', row.periodInMonths),
          instalment: money.format(row.totalInstallmentAmount),
        })
      : '',
    t('signedBy', { name }),
  ]
    .filter(Boolean)
    .join('\n');
}
