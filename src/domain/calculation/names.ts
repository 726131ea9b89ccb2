import { resolveLocale } from '../locales';
import type { ConditionList } from './schemas';

/**
 * The provider's names of its reference data in the language shown (de-CH reads de-DE), else as
 * the provider calls them (docs/domain.md, “Languages and locales”).
 */
export const productNameOf = (
  list: Pick<ConditionList, 'productType' | 'productTypeNames'>,
  locale: string,
) => list.productTypeNames?.[resolveLocale(locale)] ?? list.productType;

export const objectTypeNameOf = (type: { label: string; names?: Record<string, string> }, locale: string) =>
  type.names?.[resolveLocale(locale)] ?? type.label;
