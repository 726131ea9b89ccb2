import { describe, expect, it } from 'vitest';
import { invitationMail } from './integrations/mail/templates';
import { translateCount, translatePlan } from './i18n';

describe('counts in the server’s texts', () => {
  it('take the language’s plural form', () => {
    expect(translateCount('en-IE', 'mail.hours', 1)).toBe('1 hour');
    expect(translateCount('en-IE', 'mail.hours', 24)).toBe('24 hours');
    expect([1, 2, 5, 22].map((n) => translateCount('pl-PL', 'mail.hours', n))).toEqual([
      '1 godzinę',
      '2 godziny',
      '5 godzin',
      '22 godziny',
    ]);
    expect(translateCount('sv-SE', 'calculation.results.months', 36)).toBe('36 månader');
    // The PDFs' periods: Polish says "36 miesięcy" (many), not the fraction form "miesiąca".
    expect(translateCount('pl-PL', 'pdf.months', 36)).toBe('36 miesięcy');
    expect(translateCount('pl-PL', 'pdf.months', 24)).toBe('24 miesiące');
  });

  it('fall back to English for a language without its own texts', () => {
    expect(translateCount('ja-JP', 'mail.hours', 1)).toBe('1 hour');
  });

  it('take each language’s own plural forms', () => {
    const forms = (locale: string) => [1, 2, 5].map((n) => translateCount(locale, 'mail.hours', n));
    // Russian: one, few, many; Arabic has a dual of its own.
    expect(new Set(forms('ru-RU')).size).toBe(3);
    expect(forms('ar-AE')[1]).not.toBe(forms('ar-AE')[2]);
  });

  it('read right in a mail whose link lasts one hour', () => {
    const vars = { firstName: 'Eva', partnerName: 'Nordic Office', link: 'https://x/set', validHours: 1 };
    expect(invitationMail('eva@example.com', 'en-IE', vars).text).toContain(
      'The link is valid for 1 hour and can be used once.',
    );
    expect(invitationMail('eva@example.com', 'de-DE', { ...vars, validHours: 48 }).text).toContain(
      'Der Link ist 48 Stunden gültig',
    );
  });
});

describe('a payment plan in the server’s texts', () => {
  const easyStart = [
    { fromInstallment: 1, toInstallment: 3, totalInstallmentAmount: 160.09 },
    { fromInstallment: 4, toInstallment: 35, totalInstallmentAmount: 336.53 },
    { fromInstallment: 36, toInstallment: 36, totalInstallmentAmount: 336.4 },
  ];

  it('says what is paid first, for how long, and what follows', () => {
    expect(translatePlan('en-IE', 'month', easyStart, 'EUR')).toBe(
      '€160.09 for 3 months, then €336.53 per month',
    );
    expect(
      translatePlan(
        'en-IE',
        'quarter',
        [
          { fromInstallment: 1, toInstallment: 1, totalInstallmentAmount: 480.27 },
          { fromInstallment: 2, toInstallment: 12, totalInstallmentAmount: 1009.59 },
        ],
        'EUR',
      ),
    ).toBe('€480.27 for 1 quarter, then €1,009.59 per quarter');
    expect(translatePlan('pl-PL', 'month', easyStart, 'EUR')).toMatch(
      /przez 3 miesiące, potem 336,53\s€ miesięcznie$/,
    );
  });

  it('says nothing without a plan', () => {
    expect(translatePlan('en-IE', 'month', [], 'EUR')).toBeNull();
    expect(translatePlan('en-IE', 'month', easyStart.slice(0, 1), 'EUR')).toBeNull();
  });
});
