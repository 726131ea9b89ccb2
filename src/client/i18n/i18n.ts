import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COMPANY_LOCALE_STORAGE_KEY, DEFAULT_LOCALE, type TranslatedLocale } from '../../domain/locales';
import { storeLocale } from './initial-locale';

/** Texts come from /locales/ui.{locale}.json; the locale at start is `initialLocale()`. */
export { initialLocale } from './initial-locale';

async function loadBundle(locale: TranslatedLocale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'ui')) return;
  const response = await fetch(`/locales/ui.${locale}.json`);
  if (!response.ok) throw new Error(`translations for ${locale}: HTTP ${response.status}`);
  i18n.addResourceBundle(locale, 'ui', await response.json());
}

export async function initI18n(locale: TranslatedLocale): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    ns: ['ui'],
    defaultNS: 'ui',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([loadBundle(locale), locale === DEFAULT_LOCALE ? undefined : loadBundle(DEFAULT_LOCALE)]);
  await i18n.changeLanguage(locale);
  storeLocale(locale);
}

export async function changeLocale(locale: TranslatedLocale): Promise<void> {
  await loadBundle(locale);
  await i18n.changeLanguage(locale);
  storeLocale(locale);
}

export function storeCompanyLocale(companyLocale: string): void {
  localStorage.setItem(COMPANY_LOCALE_STORAGE_KEY, companyLocale);
}

export function currentLocale(): string {
  return i18n.language || DEFAULT_LOCALE;
}

export { i18n };
