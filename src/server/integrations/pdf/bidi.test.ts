import { describe, expect, it } from 'vitest';
import { isolate, paragraphLevels, visualRuns } from './bidi';

describe('visualRuns: a line as the pieces drawn from left to right', () => {
  it('leaves a left-to-right line whole, without its direction marks', () => {
    expect(visualRuns('Page 1 of 2', 'ltr')).toEqual(['Page 1 of 2']);
    expect(visualRuns('\u200e€1,234.56', 'ltr')).toEqual(['€1,234.56']);
  });

  it('puts the numbers of an Arabic sentence in its reading order, each left to right', () => {
    // "page 12 of 30": read from the right, so 30 is drawn first; the Arabic pieces stay in
    // reading order for the font's shaping to reverse and join.
    expect(visualRuns('الصفحة 12 من 30', 'rtl')).toEqual(['30', ' من ', '12', 'الصفحة ']);
  });

  it('keeps a Latin name inside an Arabic line left to right, its brackets mirrored', () => {
    // The opening bracket is mirrored and joins the Arabic piece, which the font then reverses:
    // "(HP LaserJet) طابعة" on the page.
    expect(visualRuns('طابعة (HP LaserJet)', 'rtl')).toEqual(['(', 'HP LaserJet', 'طابعة )']);
    expect(visualRuns('(1)', 'rtl')).toEqual(['(', '1', ')']);
  });

  it('reverses a right-to-left piece without letters itself', () => {
    expect(visualRuns('1 -> 2', 'rtl')).toEqual(['2', ' <- ', '1']);
  });

  it('keeps an isolated reference apart from the date after it', () => {
    const line = `المرجع ${isolate('C-42')} · 30 نوفمبر 2026`;
    expect(visualRuns(line, 'rtl')).toEqual(['2026', ' نوفمبر ', '30', ' · ', 'C-42', 'المرجع ']);
  });

  it('orders an Arabic word inside a left-to-right line', () => {
    expect(visualRuns('Customer: شركة الخليج, Dubai', 'ltr')).toEqual([
      'Customer: ',
      'شركة الخليج',
      ', Dubai',
    ]);
  });
});

describe('a paragraph wrapped in a right-to-left document', () => {
  it('keeps the levels of the whole paragraph on each line: a wrapped Latin address stays in order', () => {
    const address = 'Schmidt GmbH, Industriestraße 123, 80331 München';
    const levels = paragraphLevels(address, 'rtl');
    const second = address.indexOf('80331');
    // Resolved alone, the second line would read "München 80331" (the number then counts as Arabic context).
    expect(visualRuns(address.slice(second), 'rtl')).not.toEqual(['80331 München']);
    expect(visualRuns(address.slice(second), 'rtl', levels.slice(second))).toEqual(['80331 München']);
  });

  it('reverses a run of Arabic punctuation itself: the font takes it for no script and keeps its order', () => {
    expect(visualRuns('HP؛ 12', 'rtl')).toEqual(['12', ' ؛', 'HP']);
  });
});
