import { customerLocaleOf } from '../../../domain/locales';
import { translate } from '../../i18n';
import type { SetRow, VariantRow } from '../calculations';
import type { BankIdSigneeRecord } from './repo';

/**
 * What the signer reads in the BankID app: the contract, its NAV and instalment (or the
 * delivery), in the customer's language with its number formats, as the contract PDF is
 * (its language follows the customer's main address).
 */
export function visibleText(
  set: SetRow,
  variant: VariantRow,
  role: 'customer' | 'delivery',
  signee: BankIdSigneeRecord,
): string {
  const main = set.applicant?.addresses.find((a) => a.addressType === 'main');
  const locale = customerLocaleOf(main?.country ?? set.applicant?.countryIso);
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
          months: String(row.periodInMonths),
          instalment: money.format(row.totalInstallmentAmount),
        })
      : '',
    t('signedBy', { name }),
  ]
    .filter(Boolean)
    .join('\n');
}
