import { describe, expect, it } from 'vitest';
import { customerConfiguration } from './configuration';
import { customerSearchQuery, type CustomerSearchForm } from './search';

const form = (over: Partial<CustomerSearchForm>): CustomerSearchForm => ({
  mode: 'name',
  text: ' Kontor ',
  town: '',
  postalCode: '',
  region: '',
  countryIso: 'SE',
  ...over,
});

describe('the customer search query', () => {
  it("narrows a name search by the country's own field and names its type", () => {
    const extra = customerConfiguration('IT')!.additionalSearchParameterType;
    const q = customerSearchQuery(form({ countryIso: 'IT', region: 'Lombardia', town: 'Milano' }), extra);
    expect(Object.fromEntries(q)).toEqual({
      name: 'Kontor',
      countryIso: 'IT',
      region: 'Lombardia',
      additionalSearchParameterType: 'region',
    });
  });

  it('sends the type with a name search even when its field is empty, and never with an id search', () => {
    expect(Object.fromEntries(customerSearchQuery(form({}), 'town'))).toEqual({
      name: 'Kontor',
      countryIso: 'SE',
      additionalSearchParameterType: 'town',
    });
    expect(
      Object.fromEntries(
        customerSearchQuery(form({ mode: 'searchId', text: '5566', postalCode: '50667' }), 'postalCode'),
      ),
    ).toEqual({ searchId: '5566', countryIso: 'SE', postalCode: '50667' });
  });

  it('sends no extra field for a country whose agency has none', () => {
    expect(customerConfiguration('US')!.additionalSearchParameterType).toBeNull();
    expect(Object.fromEntries(customerSearchQuery(form({ countryIso: 'US', town: 'Austin' }), null))).toEqual(
      {
        name: 'Kontor',
        countryIso: 'US',
      },
    );
  });
});
