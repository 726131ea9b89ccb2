import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  customerLocaleOf,
  offerLanguagesOf,
  localeFromAcceptLanguage,
  resolveLocale,
  SUPPORTED_LOCALES,
  supportedLocale,
  TRANSLATED_LOCALES,
} from './locales';

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('locales', () => {
  it('reads the text of a locale of the same language, then en-IE', () => {
    expect(resolveLocale('de-AT')).toBe('de-DE');
    expect(resolveLocale('fr-CH')).toBe('fr-FR');
    expect(resolveLocale('sv-FI')).toBe('sv-SE');
    expect(resolveLocale('cs-CZ')).toBe('cs-CZ');
    expect(resolveLocale('ja-JP')).toBe('en-IE');
    expect(resolveLocale(null)).toBe('en-IE');
    expect(localeFromAcceptLanguage('ja-JP,it;q=0.8,en;q=0.5')).toBe('it-IT');
  });

  it('keeps a supported locale for its formats, and finds one for any other tag', () => {
    expect(supportedLocale('fr-ch')).toBe('fr-CH');
    expect(supportedLocale('cs-CZ')).toBe('cs-CZ');
    expect(supportedLocale('fr-MA')).toBe('fr-FR');
    expect(supportedLocale('pt')).toBe('pt-BR');
    expect(supportedLocale('xx-YY')).toBe('en-IE');
    expect(SUPPORTED_LOCALES).toHaveLength(47);
    for (const l of TRANSLATED_LOCALES) expect(SUPPORTED_LOCALES).toContain(l);
    // Every supported locale has its own formats in the engines the portal runs on.
    expect(Intl.NumberFormat.supportedLocalesOf([...SUPPORTED_LOCALES])).toEqual([...SUPPORTED_LOCALES]);
  });

  it("gives a customer their country's language", () => {
    expect(customerLocaleOf('CH')).toBe('de-DE');
    expect(customerLocaleOf('fr')).toBe('fr-FR');
    expect(customerLocaleOf('PL')).toBe('pl-PL');
    expect(customerLocaleOf('CZ')).toBe('cs-CZ');
    expect(customerLocaleOf('AE')).toBe('ar-AE');
    expect(customerLocaleOf('FI')).toBe('fi-FI');
    expect(customerLocaleOf('JP')).toBe('en-IE');
  });

  /** Every key of en-IE, with an English plural (x_one, x_other) as the language's own forms. */
  const expectedKeys = (en: object, locale: string) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    return [
      ...new Set(
        keysOf(en).flatMap((k) =>
          /_(one|other)$/.test(k) ? categories.map((c) => k.replace(/_(one|other)$/, `_${c}`)) : [k],
        ),
      ),
    ].sort();
  };

  it.each(TRANSLATED_LOCALES.flatMap((l) => ['ui', 'help', 'names'].map((kind) => [l, kind])))(
    '%s has every %s key of en-IE, each one translated',
    (locale, kind) => {
      const read = (l: string) => JSON.parse(readFileSync(`locales/${kind}.${l}.json`, 'utf8')) as object;
      const en = read('en-IE');
      const other = read(locale);
      expect(keysOf(other).sort()).toEqual(expectedKeys(en, locale));
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const get = (tree: object, key: string) =>
        key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], tree) as string;
      for (const key of keysOf(other)) {
        const english = get(en, key) ?? get(en, key.replace(/_(zero|two|few|many)$/, '_other'));
        expect(get(other, key).trim(), key).not.toBe('');
        expect(placeholders(get(other, key)), key).toEqual(placeholders(english));
      }
    },
  );
});

describe('the languages an offer may be written in', () => {
  it("are the partner's, as translated, kept to the condition list's when it names any", () => {
    expect(offerLanguagesOf(['sv-SE', 'en-IE'])).toEqual(['sv-SE', 'en-IE']);
    // Every translated language has its PDFs; Austrian German reads German, once.
    expect(offerLanguagesOf(['de-DE', 'de-AT', 'pl-PL', 'ar-AE'])).toEqual(['de-DE', 'pl-PL', 'ar-AE']);
    expect(offerLanguagesOf(['fr-CH', 'de-CH', 'it-CH', 'en-IE'], ['de-DE', 'fr-FR', 'it-IT'])).toEqual([
      'fr-FR',
      'de-DE',
      'it-IT',
    ]);
    // A list whose languages the partner has none of: the list's own; nothing named at all: English.
    expect(offerLanguagesOf(['sv-SE'], ['de-DE'])).toEqual(['de-DE']);
    expect(offerLanguagesOf([], [])).toEqual(['en-IE']);
  });
});
