import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, resolveLocale, TRANSLATED_LOCALES } from './locales';

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('locales', () => {
  it('falls back to a locale of the same language, then to en-IE', () => {
    expect(resolveLocale('de-AT')).toBe('de-DE');
    expect(resolveLocale('sv-FI')).toBe('sv-SE');
    expect(resolveLocale('fr-FR')).toBe('en-IE');
    expect(resolveLocale(null)).toBe('en-IE');
    expect(localeFromAcceptLanguage('fr-FR,de;q=0.8,en;q=0.5')).toBe('de-DE');
  });

  it.each(TRANSLATED_LOCALES)('%s has every key of en-IE, each one translated', (locale) => {
    const read = (l: string) => JSON.parse(readFileSync(`locales/ui.${l}.json`, 'utf8')) as object;
    const en = read('en-IE');
    const other = read(locale);
    expect(keysOf(other).sort()).toEqual(keysOf(en).sort());
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of keysOf(en)) {
      const get = (tree: object) =>
        key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], tree) as string;
      expect(get(other).trim(), key).not.toBe('');
      expect(placeholders(get(other)), key).toEqual(placeholders(get(en)));
    }
  });
});
