import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveLocale, TRANSLATED_LOCALES, type TranslatedLocale } from '../domain/locales';
import { ROOT_DIR } from './config';

/**
 * The provider's names of its reference data in each language, as the customer and the user read
 * them: object types by id, products by their provider name (locales/names.{locale}.json).
 */
type Kind = 'objectTypes' | 'productTypes';
type Names = Record<Kind, Record<string, string>>;

const files = new Map<TranslatedLocale, Names>(
  TRANSLATED_LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', `names.${locale}.json`), 'utf8')) as Names,
  ]),
);

/** The name in the language of `locale`, undefined where the provider gives none. */
export function nameIn(locale: string, kind: Kind, key: string): string | undefined {
  return files.get(resolveLocale(locale))?.[kind][key];
}

/** The names in every translated language (the client picks one, also offline). */
export function namesOf(kind: Kind, key: string): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [locale, file] of files) {
    const name = file[kind][key];
    if (name) names[locale] = name;
  }
  return names;
}
