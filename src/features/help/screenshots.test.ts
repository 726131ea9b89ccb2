import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LOCALES } from '../../domain/locales';
import { HELP_SCREENSHOTS } from './screenshots';

describe("the manual's screenshots", () => {
  it.each(TRANSLATED_LOCALES)('exist for every section that shows one, in %s', (locale) => {
    const manual = (JSON.parse(readFileSync(`locales/help.${locale}.json`, 'utf8')) as { manual: object })
      .manual;
    for (const section of HELP_SCREENSHOTS) {
      expect(Object.keys(manual)).toContain(section);
      expect(existsSync(`public/help/${locale}/${section}.jpg`), `${locale}/${section}.jpg`).toBe(true);
    }
  });
});
