/** Locales of the portal's interface. en-IE is the default (administration specification, “Business constants and limits”). */
export const DEFAULT_LOCALE = 'en-IE';

/** Locales with a complete translation file `locales/ui.{locale}.json`. */
export const TRANSLATED_LOCALES = ['en-IE', 'de-DE', 'sv-SE'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** Storage keys the spec names for the locale choice (local storage). */
export const LOCALE_STORAGE_KEY = 'locale';
export const COMPANY_LOCALE_STORAGE_KEY = 'companyLocale';

const LOCALE_PATTERN = /^[a-z]{2}-[A-Z]{2}$/;

export function isLocaleTag(value: unknown): value is string {
  return typeof value === 'string' && LOCALE_PATTERN.test(value);
}

/**
 * The translated locale to show for a requested one: the same tag, else one of the same
 * language (de-AT reads de-DE), else the default.
 */
export function resolveLocale(requested: string | null | undefined): TranslatedLocale {
  if (!requested) return DEFAULT_LOCALE;
  const exact = TRANSLATED_LOCALES.find((l) => l.toLowerCase() === requested.toLowerCase());
  if (exact) return exact;
  const language = requested.slice(0, 2).toLowerCase();
  return TRANSLATED_LOCALES.find((l) => l.startsWith(language)) ?? DEFAULT_LOCALE;
}

/** Picks the best translated locale from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | undefined): TranslatedLocale {
  const tags = (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim())
    .filter((tag): tag is string => Boolean(tag));
  for (const tag of tags) {
    const resolved = resolveLocale(tag);
    if (resolved !== DEFAULT_LOCALE || tag.toLowerCase().startsWith('en')) return resolved;
  }
  return DEFAULT_LOCALE;
}

/** The language a customer of a country reads (their offer, contract and redemption offer). */
const LOCALE_OF_COUNTRY: Record<string, TranslatedLocale> = { DE: 'de-DE', AT: 'de-DE', SE: 'sv-SE' };
export const customerLocaleOf = (countryIso: string | null | undefined): TranslatedLocale =>
  LOCALE_OF_COUNTRY[(countryIso ?? '').toUpperCase()] ?? DEFAULT_LOCALE;
