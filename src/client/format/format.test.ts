import { describe, expect, it } from 'vitest';
import { formatsOf, languageName } from './format';

describe('formatsOf', () => {
  const f = formatsOf('en-IE');

  it('shows a calendar day as that day in every time zone, and an absent one as a dash', () => {
    expect(f.date('2026-03-01')).toBe('1 Mar 2026');
    expect(f.date('2026-03-01T23:30:00-05:00')).toBe('1 Mar 2026');
    expect(f.longDate('2026-03-01')).toBe('1 March 2026');
    expect(f.date(null)).toBe('–');
    expect(f.longDate(undefined)).toBe('–');
    expect(f.date('unknown')).toBe('unknown');
  });

  it('shows a moment in the browser zone with its time', () => {
    expect(f.dateTime('2026-03-01T10:30:00')).toBe('1 Mar 2026, 10:30');
    expect(f.dateTime(null)).toBe('–');
  });

  it('shows amounts in their currency and the language, an absent one as a dash', () => {
    expect(f.amount(1173.21, 'EUR')).toBe('€1,173.21');
    expect(formatsOf('sv-SE').amount(1173.21, 'SEK')).toBe('1\u00a0173,21\u00a0kr');
    expect(f.amount(null, 'EUR')).toBe('–');
  });

  it('shows percentages, countries and file sizes', () => {
    expect(f.percent(4.5)).toBe('4.5 %');
    expect(f.country('se')).toBe('Sweden');
    expect(f.country(undefined)).toBe('');
    expect([512, 12800, 3.25 * 1024 * 1024].map(f.fileSize)).toEqual(['512 byte', '12.5 kB', '3.3 MB']);
  });

  it('shows the day of a moment, a clock time, counts and months as the dashboard does', () => {
    expect(f.dayOf('2026-03-01T10:30:00')).toBe('1 Mar 2026');
    expect(f.dayOf(undefined)).toBe('–');
    expect(f.hour(9)).toBe('9:00');
    expect(f.number(12345)).toBe('12,345');
    expect([f.longMonth('2026-11'), f.shortMonth('2026-11'), f.narrowMonth('2026-11')]).toEqual([
      'November 2026',
      'Nov',
      'N',
    ]);
  });

  it('rounds amounts to whole units or shows them compact', () => {
    expect(f.wholeAmount(1173.51, 'EUR')).toBe('€1,174');
    expect(f.compactAmount(1173.51, 'EUR')).toBe('€1.17K');
  });

  it('names a language in the display language, and a locale in its own', () => {
    expect(f.language('de')).toBe('German');
    expect(formatsOf('de-DE').language('sv')).toBe('Schwedisch');
    expect(languageName('fr-CH', true)).toBe('Français suisse');
    expect(languageName('fr-FR', false)).toBe('Français');
  });
});
