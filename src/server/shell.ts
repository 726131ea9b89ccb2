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

export function shellIn(template: string, locale: TranslatedLocale): string {
  const text = (key: string) => esc(translate(locale, `app.${key}`));
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}" dir="${textDirectionOf(locale)}">`)
    .replace(/(data-text="noJavaScript">)[\s\S]*?(<\/p>)/, `$1${text('noJavaScript')}$2`)
    .replace(/data-old-browser="[^"]*"/, `data-old-browser="${text('oldBrowser')}"`)
    .replace(/data-cookies-off="[^"]*"/, `data-cookies-off="${text('cookiesOff')}"`);
}
