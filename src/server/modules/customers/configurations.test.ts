import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIGURED_COUNTRIES,
  customerConfiguration,
  partyConfiguration,
} from '../../../domain/customers/configuration';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('country configurations of applicant, supplier and sublessee (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: erik });

  it('answers the applicant configuration of a country, cacheable', async () => {
    const res = await get('/api/applicant/configuration/SE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.json()).toEqual(customerConfiguration('SE'));
    expect(res.json().bankAccountTypes).toEqual(['bankgironumber', 'iban']);
  });

  it('answers supplier and sublessee configurations, the country in any case', async () => {
    const supplier = await get('/api/supplier/configuration/de');
    expect(supplier.statusCode).toBe(200);
    expect(supplier.json()).toMatchObject({
      countryIso: 'DE',
      fields: { bankAccount: 'optional', address: 'mandatory' },
    });
    const sublessee = await get('/api/sublessee/configuration/IT');
    expect(sublessee.json()).toMatchObject({
      countryIso: 'IT',
      fields: { registrationNumber: 'mandatory' },
    });
    expect(sublessee.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers every configured country whole, within its response schema', async () => {
    for (const iso of CONFIGURED_COUNTRIES) {
      expect((await get(`/api/applicant/configuration/${iso}`)).json()).toEqual(customerConfiguration(iso));
      for (const party of ['supplier', 'sublessee'] as const)
        expect((await get(`/api/${party}/configuration/${iso}`)).json()).toEqual(
          partyConfiguration(party, iso),
        );
    }
  });

  it('answers 404 for a country without configuration', async () => {
    for (const kind of ['applicant', 'supplier', 'sublessee']) {
      const res = await get(`/api/${kind}/configuration/XX`);
      expect(res.statusCode).toBe(404);
      expect(res.json().type).toBe('/problems/not-found');
    }
    expect((await get('/api/applicant/configuration/SWE')).statusCode).toBe(400);
  });

  it('describes the answers in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths;
    const answer = (kind: string) =>
      paths[`/api/${kind}/configuration/{countryIso}`].get.responses['200'].content['application/json']
        .schema;
    expect(Object.keys(answer('applicant').properties)).toEqual(
      expect.arrayContaining(['fields', 'legalForms', 'registrationRule', 'additionalSearchParameterType']),
    );
    for (const party of ['supplier', 'sublessee']) {
      expect(Object.keys(answer(party).properties)).toEqual([
        'countryIso',
        'fields',
        'bankAccountTypes',
        'postcodePattern',
      ]);
    }
  });
});
