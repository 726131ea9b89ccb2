import { describe, expect, it } from 'vitest';
import { addressOf, isAddressOf } from './address';
import * as endpoints from './endpoints';

describe('addressOf', () => {
  it('fills the path parameters, encoded, and puts the rest in the query', () => {
    expect(addressOf(endpoints.saveVariant, { setId: 'a b', variantId: 'v/1', forceUpdate: 'true' })).toBe(
      '/api/calculationSets/a%20b/calculationVariant/v%2F1?forceUpdate=true',
    );
  });

  it('repeats an array in the query and leaves out what is undefined', () => {
    expect(
      addressOf(endpoints.calculationList, {
        states: ['inWork', 'offerToCustomer'],
        searchText: undefined,
        page: 2,
      }),
    ).toBe('/api/calculationSets?states=inWork&states=offerToCustomer&page=2');
  });

  it('refuses an address whose path parameter is missing', () => {
    expect(() => addressOf(endpoints.contract, {})).toThrow('contract: referenceCode is missing');
  });
});

describe('isAddressOf', () => {
  it('knows a server-supplied action of the endpoint, its query aside', () => {
    expect(
      isAddressOf(endpoints.request, 'PUT', '/api/calculationSets/s1/calculationVariant/v1/toGrenke'),
    ).toBe(true);
    expect(
      isAddressOf(endpoints.downloadDocument, 'get', '/api/documents/d%201/base64?userProfileId=p'),
    ).toBe(true);
  });

  it('refuses another method or another address', () => {
    const href = '/api/calculationSets/s1/calculationVariant/v1';
    expect(isAddressOf(endpoints.deleteVariant, 'DELETE', href)).toBe(true);
    expect(isAddressOf(endpoints.deleteVariant, 'PUT', href)).toBe(false);
    expect(isAddressOf(endpoints.deleteVariant, 'DELETE', `${href}/cancel`)).toBe(false);
    expect(isAddressOf(endpoints.deleteVariant, 'DELETE', `/api/other${href}`)).toBe(false);
  });

  it('two endpoints share an address only where a fixed segment comes before a parameter', () => {
    // GET contracts/excel is also contracts/:referenceCode; the router takes the fixed one.
    const params = (path: string) => path.split(':').length;
    for (const e of Object.values(endpoints)) {
      const href = e.path.replace(/:(\w+)/g, 'x');
      const others = Object.values(endpoints).filter((o) => o !== e && isAddressOf(o, e.method, href));
      expect(isAddressOf(e, e.method, href)).toBe(true);
      for (const other of others) expect(params(other.path)).toBeGreaterThan(params(e.path));
    }
  });
});
