import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { TRANSLATED_LOCALES } from '../../../domain/locales';
import { FAQ_CATEGORIES, faqOf, type HelpContent } from './queries';

describe('the FAQ from its translation keys', () => {
  it('builds each of the 4 categories from FAQ_CATEGORY_n.FAQ_n_Q and _A, in order', () => {
    const content = {
      FAQ_CATEGORY_1: { title: 'T', FAQ_1_Q: 'q1', FAQ_1_A: 'a1', FAQ_2_Q: 'q2', FAQ_2_A: 'a2' },
    } as unknown as HelpContent;
    expect(faqOf(content, 1)).toEqual({
      title: 'T',
      items: [
        { category: 'T', question: 'q1', answer: 'a1' },
        { category: 'T', question: 'q2', answer: 'a2' },
      ],
    });
    expect(faqOf(content, 2)).toEqual({ title: '', items: [] });
  });

  it.each(TRANSLATED_LOCALES)('has 4 categories with answered questions in %s', (locale) => {
    const content = JSON.parse(readFileSync(`locales/help.${locale}.json`, 'utf8')) as HelpContent;
    for (const n of FAQ_CATEGORIES) {
      const { title, items } = faqOf(content, n);
      expect(title, `category ${n}`).not.toBe('');
      expect(items.length).toBeGreaterThanOrEqual(4);
      for (const item of items) expect(item.answer.length, item.question).toBeGreaterThan(40);
    }
  });
});
