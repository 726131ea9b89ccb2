import {
  COMPANY_LOCALE_STORAGE_KEY,
  LOCALE_STORAGE_KEY,
  supportedLocale,
  textDirectionOf,
  type SupportedLocale,
} from '../../domain/locales';

/**
 * The locale at start (administration specification, “States and transitions”; docs/domain.md,
 * “Languages and locales”): the `l` query parameter, then the user's stored choice, then the
 * stored company locale, then en-IE. Kept apart from i18next so that the sign-in entry
 * (src/client/auth/entry.ts) can use it without loading the translations.
 */
export function initialLocale(search: string = window.location.search): SupportedLocale {
  const requested =
    new URLSearchParams(search).get('l') ??
    localStorage.getItem(LOCALE_STORAGE_KEY) ??
    localStorage.getItem(COMPANY_LOCALE_STORAGE_KEY);
  return supportedLocale(requested);
}

/** An `l` parameter is the user's choice, as the language menu is: kept for the next start. */
export function keepQueryLocale(search: string = window.location.search): void {
  const requested = new URLSearchParams(search).get('l');
  if (requested) storeLocale(supportedLocale(requested));
}

/** The user chose a language (the menu or `l`); else the company's locale applies. */
export const hasChosenLocale = (): boolean => localStorage.getItem(LOCALE_STORAGE_KEY) !== null;

export function storeLocale(locale: SupportedLocale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

/** Whether the page's language runs right to left (showLocale sets the document's `dir`). */
export const rightToLeft = (): boolean => document.documentElement.dir === 'rtl';

/** Tells the browser (and screen readers) the page's language, and which way it runs. */
export function showLocale(locale: SupportedLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirectionOf(locale);
}
