import {
  localeFromAcceptLanguage,
  resolveLocale,
  textDirectionOf,
  type TranslatedLocale,
} from '../domain/locales';
import { escapeHtml as esc } from './html';
import { translate } from './i18n';

/**
 * The PWA's page (dist/index.html) in the visitor's language: its `lang` and `dir`, and the
 * texts a browser shows when the portal cannot run there (JavaScript off; a browser too old,
 * cookies and site data refused: src/client/browser/refusal.ts), from `app.*` of
 * locales/ui.{locale}.json. The language is the `l` parameter's, else the browser's
 * (Accept-Language); the app then applies the user's own choice.
 */
export function shellLocale(query: unknown, acceptLanguage: string | undefined): TranslatedLocale {
  const l = (query as { l?: unknown } | undefined)?.l;
  return typeof l === 'string' && l ? resolveLocale(l) : localeFromAcceptLanguage(acceptLanguage);
}

/** What shellIn fills in, each found once in the template. */
const PLACES = {
  html: /<html lang="[^"]*">/,
  noJavaScript: /(data-text="noJavaScript">)[\s\S]*?(<\/p>)/,
  oldBrowser: /data-old-browser="[^"]*"/,
  cookiesOff: /data-cookies-off="[^"]*"/,
};

/** The places of the template shellIn cannot find: there the page would stay English. */
export const shellTemplateProblems = (template: string): string[] =>
  Object.entries(PLACES)
    .filter(([, place]) => !place.test(template))
    .map(([name]) => name);

export function shellIn(template: string, locale: TranslatedLocale): string {
  const text = (key: string) => esc(translate(locale, `app.${key}`));
  // Replacer functions: a "$" in a translation is text, not a pattern.
  return template
    .replace(PLACES.html, () => `<html lang="${locale}" dir="${textDirectionOf(locale)}">`)
    .replace(
      PLACES.noJavaScript,
      (_all, open: string, close: string) => `${open}${text('noJavaScript')}${close}`,
    )
    .replace(PLACES.oldBrowser, () => `data-old-browser="${text('oldBrowser')}"`)
    .replace(PLACES.cookiesOff, () => `data-cookies-off="${text('cookiesOff')}"`);
}
