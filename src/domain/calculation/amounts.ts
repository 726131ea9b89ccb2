import { D, FREQUENCY_OF_BILLING_PERIOD, perMonth, round2, type Dec } from './billing';
import type { ResultRow } from './schemas';

/** Numbers as the editor's draft holds them: text typed in the locale of the draft. */
export type DecimalSeparator = '.' | ',';

/** The decimal separator of a locale: en-IE writes 1,234.50, de-DE and sv-SE 1.234,50 / 1 234,50, de-CH 1’234.50. */
export function decimalSeparatorOf(locale: string): DecimalSeparator {
  let separator = separators.get(locale);
  if (!separator) {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    separators.set(locale, (separator = part?.value === ',' ? ',' : '.'));
  }
  return separator;
}
/** Asked on every render of the editor; a formatter is slow to make. */
const separators = new Map<string, DecimalSeparator>();

/**
 * A number as typed in the locale of the draft: spaces and apostrophes (' and the Swiss ’) group freely, the other
 * separator groups only by thousands ("25,000" in English is 25000, "25,5" is not a number);
 * undefined when it is none.
 */
export function parseAmount(text: string, decimal: DecimalSeparator = '.'): number | undefined {
  const normal = normalAmount(text, decimal);
  return normal === undefined ? undefined : Number(normal);
}

/** The number as typed, written plainly ("-1234.5"), so decimal arithmetic takes it exactly. */
function normalAmount(text: string, decimal: DecimalSeparator): string | undefined {
  const s = text.replace(/[\s\u00a0\u202f'\u2019]/g, '');
  if (s === '') return undefined;
  const group = decimal === '.' ? ',' : '.';
  const parts = s.split(decimal);
  if (parts.length > 2) return undefined;
  const fraction = parts[1];
  let whole = parts[0] ?? '';
  if (whole.includes(group)) {
    if (!new RegExp(`^-?\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return undefined;
    whole = whole.split(group).join('');
  }
  const normal = fraction === undefined ? whole : `${whole}.${fraction}`;
  return /^-?\d+(\.\d+)?$/.test(normal) ? normal : undefined;
}

/** A number as the draft shows it (no grouping, the locale's decimal separator). */
export const formatAmount = (n: number, decimal: DecimalSeparator = '.') =>
  decimal === ',' ? String(n).replace('.', ',') : String(n);

/** Amounts are rounded to 2 decimals half away from zero, as the engine rounds (portal specification, “Validation rules”). */
export const reader = (d: { decimalSeparator: DecimalSeparator }) => ({
  amount: (text: string) => round2(new D(normalAmount(text, d.decimalSeparator) ?? 0)).toNumber(),
  parse: (text: string) => parseAmount(text, d.decimalSeparator),
});

/**
 * A ratio rounded to 2 decimals; 0 when the numerator is 0 or less (portal specification,
 * “Validation rules”), and 0 without a denominator. The numerator may be a decimal, so one
 * worked out in decimals is divided as it is, not through a number.
 */
export function ratio(numerator: Dec | number, denominator: number): number {
  const n = new D(numerator);
  if (n.lte(0) || denominator === 0) return 0;
  return round2(n.div(denominator)).toNumber();
}

/**
 * The lease factor: the net instalment as much a month, in percent of the net acquisition value
 * (2.09 for 209.00 a month on 10,000.00), the figure dealers compare offers and lenders by.
 */
export function leaseFactorOf(
  row: Pick<ResultRow, 'netAcquisitionInstallmentAmount' | 'netAcquisitionValueAmount' | 'billingPeriod'>,
): number {
  const frequency = FREQUENCY_OF_BILLING_PERIOD[row.billingPeriod];
  const monthly = perMonth(frequency, new D(row.netAcquisitionInstallmentAmount));
  return ratio(monthly.mul(100), row.netAcquisitionValueAmount);
}
