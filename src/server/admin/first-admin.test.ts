import { describe, expect, it } from 'vitest';
import { FirstAdmin } from './first-admin';

const admin = {
  email: 'first.admin@biuro.example',
  firstName: 'Piotr',
  lastName: 'Nowak',
  partnerId: '616-40001',
  partnerName: 'Biuro Nowak sp. z o.o.',
  countryIso: 'PL',
  locale: 'pl-PL',
  brandId: 'PL-BN',
  brandName: 'Biuro Nowak',
};

describe('the first administrator', () => {
  it('makes a brand in a currency with defaults without a limit of its own', () => {
    expect(FirstAdmin.safeParse({ ...admin, currencyCode: 'SEK' }).success).toBe(true);
    expect(FirstAdmin.parse(admin).currencyCode).toBe('EUR');
  });

  it('refuses a brand in a currency without defaults unless it names its instant-decision limit', () => {
    const refused = FirstAdmin.safeParse({ ...admin, currencyCode: 'PLN' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path)).toEqual([['instantDecisionLimit']]);
    // The command gives it as text.
    expect(FirstAdmin.parse({ ...admin, currencyCode: 'PLN', instantDecisionLimit: '100000' })).toMatchObject(
      {
        currencyCode: 'PLN',
        instantDecisionLimit: 100_000,
      },
    );
  });
});
