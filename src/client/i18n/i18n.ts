import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  COMPANY_LOCALE_STORAGE_KEY,
  DEFAULT_LOCALE,
  resolveLocale,
  supportedLocale,
  type SupportedLocale,
} from '../../domain/locales';
import { hasChosenLocale, showLocale, storeLocale } from './initial-locale';

/**
 * Texts come from /locales/ui.{language}.json: a locale such as de-CH is i18next's language
 * itself (its plural rules and, through `useFormat`, its formats) and holds the texts of its
 * translation, de-DE (docs/domain.md, “Languages and locales”). The locale at start is
 * `initialLocale()`.
 */
export { initialLocale, keepQueryLocale } from './initial-locale';

async function loadBundle(locale: SupportedLocale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'ui')) return;
  const file = resolveLocale(locale);
  const response = await fetch(`/locales/ui.${file}.json`);
  if (!response.ok) throw new Error(`translations for ${file}: HTTP ${response.status}`);
  i18n.addResourceBundle(locale, 'ui', await response.json());
}

export async function initI18n(locale: SupportedLocale): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    // de-CH holds its whole translation: no lookup in a bare 'de'.
    load: 'currentOnly',
    ns: ['ui'],
    defaultNS: 'ui',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([switchTo(locale), locale === DEFAULT_LOCALE ? undefined : loadBundle(DEFAULT_LOCALE)]);
}

/** The user's choice of language: shown now and kept for the next start. */
export async function changeLocale(locale: SupportedLocale): Promise<void> {
  await switchTo(locale);
  storeLocale(locale);
}

/** Shows the locale now (the choice is not kept). */
async function switchTo(locale: SupportedLocale): Promise<void> {
  await loadBundle(locale);
  // The direction first: what renders on the language change already reads the new one.
  showLocale(locale);
  await i18n.changeLanguage(locale);
}

/**
 * The company's locale (the profile's companyLocale) is kept for the static pages and the next
 * start, and applies now where the user has chosen no language of their own.
 */
export function applyCompanyLocale(companyLocale: string): void {
  localStorage.setItem(COMPANY_LOCALE_STORAGE_KEY, companyLocale);
  const locale = supportedLocale(companyLocale);
  if (!hasChosenLocale() && locale !== currentLocale()) void switchTo(locale);
}

/**
 * Fetches the translations of the partner's languages once, so that the service worker keeps
 * them and the language menu and the help centre work offline too.
 */
export function keepTranslationsOf(locales: string[]): void {
  for (const file of new Set(locales.map(resolveLocale)))
    for (const kind of ['ui', 'help']) void fetch(`/locales/${kind}.${file}.json`).catch(() => {});
}

export function currentLocale(): SupportedLocale {
  return supportedLocale(i18n.language);
}

export { i18n };
