import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './config';
import { translate } from './i18n';
import { shellIn, shellLocale, shellTemplateProblems } from './shell';

/** The page's own template: what the build copies to dist/index.html. */
const TEMPLATE = readFileSync(path.join(ROOT_DIR, 'index.html'), 'utf8');

describe('the page in the visitor’s language', () => {
  it('names its language and direction, and words what a browser shows when the portal cannot run', () => {
    const german = shellIn(TEMPLATE, 'de-DE');
    expect(german).toContain('<html lang="de-DE" dir="ltr">');
    for (const key of ['noJavaScript', 'oldBrowser', 'cookiesOff']) {
      const text = translate('de-DE', `app.${key}`);
      expect(text).not.toBe(translate('en-IE', `app.${key}`));
      expect(german, key).toContain(text);
    }
    expect(german).not.toContain('needs JavaScript');
    expect(shellIn(TEMPLATE, 'ar-AE')).toContain('<html lang="ar-AE" dir="rtl">');
    // The template itself (the service worker's copy) says what the English texts say.
    for (const key of ['oldBrowser', 'cookiesOff'])
      expect(TEMPLATE).toContain(translate('en-IE', `app.${key}`));
    expect(TEMPLATE.replace(/\s+/g, ' ')).toContain(translate('en-IE', 'app.noJavaScript'));
    expect(shellTemplateProblems(TEMPLATE)).toEqual([]);
    expect(shellTemplateProblems('<html><body></body></html>')).toEqual([
      'html',
      'noJavaScript',
      'oldBrowser',
      'cookiesOff',
    ]);
  });

  it('takes the l parameter, else the browser’s languages, else English', () => {
    expect(shellLocale({ l: 'pl-PL' }, 'de-DE,de;q=0.9')).toBe('pl-PL');
    expect(shellLocale({}, 'fr-CH,fr;q=0.9,en;q=0.5')).toBe('fr-FR');
    expect(shellLocale({ l: 'uk-UA' }, undefined)).toBe('uk-UA');
    expect(shellLocale(undefined, 'ja-JP')).toBe('en-IE');
  });
});
