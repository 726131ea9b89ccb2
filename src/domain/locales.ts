/**
 * Locales of the portal (administration specification, “Business constants and limits”; rules in
 * docs/domain.md, “Languages and locales”). A locale such as fr-CH decides two things: the
 * formats of numbers, dates and currencies (Intl, by the locale itself) and the text, which is
 * the translation of the same language (fr-FR), else the default's.
 */
export const DEFAULT_LOCALE = 'en-IE';

/** Languages with complete translation files `locales/{ui,help,names}.{locale}.json`. */
export const TRANSLATED_LOCALES = [
  'en-IE',
  'de-DE',
  'sv-SE',
  'fr-FR',
  'it-IT',
  'es-ES',
  'nl-NL',
  'pl-PL',
  'ar-AE',
  'bg-BG',
  'cs-CZ',
  'da-DK',
  'el-GR',
  'et-EE',
  'fi-FI',
  'hr-HR',
  'hu-HU',
  'lt-LT',
  'lv-LV',
  'nb-NO',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sl-SI',
  'sr-RS',
  'tr-TR',
  'uk-UA',
] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** Every locale a partner may use (47); each reads the text of `resolveLocale`. */
export const SUPPORTED_LOCALES = [
  'ar-AE', 'bg-BG', 'cs-CZ', 'da-DK', 'de-AT', 'de-CH', 'de-DE', 'de-LU', 'el-GR',
  'en-AU', 'en-CA', 'en-GB', 'en-IE', 'en-MT', 'en-SG', 'en-US', 'es-CL', 'es-ES',
  'es-MX', 'et-EE', 'fi-FI', 'fr-BE', 'fr-CA', 'fr-CH', 'fr-FR', 'fr-LU', 'hr-HR',
  'hu-HU', 'it-CH', 'it-IT', 'lt-LT', 'lv-LV', 'nb-NO', 'nl-BE', 'nl-NL', 'pl-PL',
  'pt-BR', 'pt-PT', 'ro-RO', 'ru-RU', 'sk-SK', 'sl-SI', 'sr-RS', 'sv-FI', 'sv-SE',
  'tr-TR', 'uk-UA',
] as const; // prettier-ignore
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** Storage keys the spec names for the locale choice (local storage). */
export const LOCALE_STORAGE_KEY = 'locale';
export const COMPANY_LOCALE_STORAGE_KEY = 'companyLocale';

const languageOf = (tag: string) => tag.slice(0, 2).toLowerCase();
const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Which way a locale's text runs: Arabic right to left, the other supported languages left to right. */
export const textDirectionOf = (locale: string): 'rtl' | 'ltr' =>
  languageOf(locale) === 'ar' ? 'rtl' : 'ltr';

/**
 * The translation a locale reads: the same tag, else the translated locale of its language
 * (de-AT and de-CH read de-DE), else the default.
 */
export function resolveLocale(requested: string | null | undefined): TranslatedLocale {
  if (!requested) return DEFAULT_LOCALE;
  const exact = TRANSLATED_LOCALES.find((l) => sameTag(l, requested));
  if (exact) return exact;
  return TRANSLATED_LOCALES.find((l) => l.startsWith(languageOf(requested))) ?? DEFAULT_LOCALE;
}

/**
 * The supported locale to use for a requested one: the same tag (fr-ch is fr-CH), else the
 * translated locale of its language (fr-MA uses fr-FR), else any of its language (pt uses pt-BR),
 * else the default.
 */
export function supportedLocale(requested: string | null | undefined): SupportedLocale {
  if (!requested) return DEFAULT_LOCALE;
  const exact = SUPPORTED_LOCALES.find((l) => sameTag(l, requested));
  if (exact) return exact;
  const translated = resolveLocale(requested);
  if (translated !== DEFAULT_LOCALE || languageOf(requested) === 'en') return translated;
  return SUPPORTED_LOCALES.find((l) => l.startsWith(languageOf(requested))) ?? DEFAULT_LOCALE;
}

/**
 * The languages an offer may be written in: the partner's, as translated (resolveLocale),
 * kept to those the condition list's product documents exist in when the list names any; where
 * none is left, the list's own; where nothing is named at all, English.
 */
export function offerLanguagesOf(
  partnerLanguages: readonly string[],
  listLanguages?: readonly string[],
): TranslatedLocale[] {
  const written = (codes: readonly string[]) => [...new Set(codes.map(resolveLocale))];
  const partner = written(partnerLanguages);
  const list = listLanguages?.length ? written(listLanguages) : undefined;
  const both = list ? partner.filter((l) => list.includes(l)) : partner;
  return both.length ? both : list?.length ? list : partner.length ? partner : [DEFAULT_LOCALE];
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
const LOCALE_OF_COUNTRY: Record<string, TranslatedLocale> = {
  DE: 'de-DE',
  AT: 'de-DE',
  CH: 'de-DE',
  LI: 'de-DE',
  SE: 'sv-SE',
  FR: 'fr-FR',
  LU: 'fr-FR',
  MC: 'fr-FR',
  IT: 'it-IT',
  SM: 'it-IT',
  ES: 'es-ES',
  NL: 'nl-NL',
  BE: 'nl-NL',
  PL: 'pl-PL',
  DK: 'da-DK',
  EE: 'et-EE',
  FI: 'fi-FI',
  NO: 'nb-NO',
  BR: 'pt-BR',
  PT: 'pt-PT',
  AE: 'ar-AE',
  BG: 'bg-BG',
  CZ: 'cs-CZ',
  GR: 'el-GR',
  CY: 'el-GR',
  HR: 'hr-HR',
  HU: 'hu-HU',
  LT: 'lt-LT',
  LV: 'lv-LV',
  RO: 'ro-RO',
  RU: 'ru-RU',
  SK: 'sk-SK',
  SI: 'sl-SI',
  RS: 'sr-RS',
  TR: 'tr-TR',
  UA: 'uk-UA',
};
export const customerLocaleOf = (countryIso: string | null | undefined): TranslatedLocale =>
  LOCALE_OF_COUNTRY[(countryIso ?? '').toUpperCase()] ?? DEFAULT_LOCALE;
