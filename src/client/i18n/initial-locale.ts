import { LOCALE_STORAGE_KEY, resolveLocale, type TranslatedLocale } from '../../domain/locales';

/**
 * The locale at start: the `l` query parameter, then the stored choice, then en-IE
 * (administration specification, “States and transitions”). Kept apart from i18next so that the
 * sign-in entry (src/client/auth/entry.ts) can use it without loading the translations.
 */
export function initialLocale(search: string = window.location.search): TranslatedLocale {
  const fromQuery = new URLSearchParams(search).get('l');
  const requested = fromQuery ?? localStorage.getItem(LOCALE_STORAGE_KEY);
  return resolveLocale(requested);
}

/** Keeps the choice for the next start and tells the browser the page's language. */
export function storeLocale(locale: TranslatedLocale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
}
