import { isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerConfiguration } from '../../../domain/customers/configuration';
import { customerErrors } from '../../../domain/customers/party-schemas';
import { isBankgiro } from '../../../domain/customers/validation';
import { demoApplicant } from '../../demo/applicants';
import { DEMO_WORK } from '../../demo/world';
import { townMatchesPostcode } from '../../integrations/credit-agency/postcodes';
import { simulatedCompanies } from '../../integrations/credit-agency/simulator';
import { luhnCheckDigit } from '../../../domain/check-digits';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, userIdOf, type TestApp } from '../../test/harness';
import { postcodeProblems } from './party-rules';
import { customerOf } from './presenter';

describe.each(DB_KINDS)('customers and bank checks (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = erik) => t.app.inject({ url, headers });
  const search = async (query: Record<string, string>, headers = erik) => {
    const res = await get(`/api/customers?${new URLSearchParams(query).toString()}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (answer: { entities: { properties: { name: string } }[] }) =>
    answer.entities.map((e) => e.properties.name);

  describe('search', () => {
    it("finds companies by part of the name in the partner's country, with a link to select each", async () => {
      const answer = await search({ name: 'nordic office' });
      expect(answer.properties).toEqual({ count: 4, limitExceeded: false });
      expect(names(answer)).toEqual([
        'Nordic Office Möbler AB',
        'Nordic Office Print HB',
        'Nordic Office Supply AB',
        'Nordic Office Teknik Väst AB',
      ]);
      const supply = answer.entities[2];
      expect(supply.properties).toMatchObject({
        name: 'Nordic Office Supply AB',
        legalForm: 'AB',
        town: 'Stockholm',
        countryIso: 'SE',
        agencyId: expect.stringMatching(/^CA-SE-\d{6}$/),
        agencyCustomerId: expect.stringMatching(/^1\d{7}$/),
        registrationNumber: expect.stringMatching(/^559\d{3}-\d{4}$|^556\d{3}-\d{4}$/),
        vatId: expect.stringMatching(/^SE\d{10}01$/),
        postalCode: expect.stringMatching(/^1\d{2} \d{2}$/),
      });
      expect(supply.properties).not.toHaveProperty('scoreClass');
      expect(supply.links[0]).toEqual({
        rel: ['select'],
        href: `/api/customers/select?agencyId=${supply.properties.agencyId}&agencyCustomerId=${supply.properties.agencyCustomerId}&countryIso=SE`,
      });
    });

    it('answers the first 25 and limitExceeded when more match', async () => {
      const answer = await search({ name: 'Kontor' });
      expect(answer.properties.limitExceeded).toBe(true);
      expect(answer.properties.count).toBeGreaterThan(25);
      expect(answer.entities).toHaveLength(25);
      expect(names(answer).every((n: string) => n.toLowerCase().includes('kontor'))).toBe(true);
    });

    it('narrows by town and postcode', async () => {
      const inMalmo = await search({ name: 'kontor', town: 'malmö' });
      expect(inMalmo.entities.length).toBeGreaterThan(0);
      expect(
        inMalmo.entities.every((e: { properties: { town: string } }) => e.properties.town === 'Malmö'),
      ).toBe(true);
      expect(names(inMalmo)).toContain('Malmö Kontorsservice AB');
      const byZip = await search({ name: 'a', postalCode: '211' });
      expect(
        byZip.entities.every((e: { properties: { postalCode: string } }) =>
          e.properties.postalCode.startsWith('211'),
        ),
      ).toBe(true);
      expect((await search({ name: 'Nordic Office Supply', town: 'Göteborg' })).properties.count).toBe(0);
    });

    it('finds one company by registration number, VAT id or agency id', async () => {
      const [hit] = (await search({ name: 'Stockholms Kontorsmaskiner AB' })).entities;
      const p = hit.properties;
      for (const id of [p.registrationNumber, p.registrationNumber.replace('-', ''), p.vatId, p.agencyId]) {
        const answer = await search({ searchId: id });
        expect(answer.properties).toEqual({ count: 1, limitExceeded: false });
        expect(names(answer)).toEqual(['Stockholms Kontorsmaskiner AB']);
      }
      expect((await search({ searchId: '000000-0000' })).properties.count).toBe(0);
    });

    it('searches another country when named', async () => {
      const answer = await search({ name: 'Rheinische Druck', countryIso: 'de' });
      expect(names(answer)).toEqual(['Rheinische Druck GmbH']);
      expect(answer.entities[0].properties).toMatchObject({
        town: 'Köln',
        registrationNumber: expect.stringMatching(/^HRB \d+$/),
        tradeRegisterId: expect.stringMatching(/^Amtsgericht Köln HRB \d+$/),
      });
      const jonas = { authorization: `Bearer ${await t.token(DEMO.jonas)}` };
      expect(names(await search({ name: 'Rheinische Druck' }, jonas))).toEqual(['Rheinische Druck GmbH']);
    });

    it('needs a name or a search id', async () => {
      const res = await get('/api/customers?town=Malm%C3%B6');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: '/problems/validation',
        'invalid-params': [{ name: 'name', reason: 'nameOrSearchIdRequired' }],
      });
      expect((await get('/api/customers?name=%20%20')).statusCode).toBe(400);
      expect((await get('/api/customers?name=a&countryIso=SWE')).statusCode).toBe(400);
    });
  });

  describe('select', () => {
    const select = (query: Record<string, string>, headers = erik) =>
      get(`/api/customers/select?${new URLSearchParams(query).toString()}`, headers);

    it('answers the full applicant and records a credit-agency report', async () => {
      const [hit] = (await search({ name: 'Stockholms Kontorsmaskiner' })).entities;
      const res = await get(hit.links[0].href);
      expect(res.statusCode, res.body).toBe(200);
      const customer = res.json().properties;
      expect(customer).toMatchObject({
        name: 'Stockholms Kontorsmaskiner AB',
        countryIso: 'SE',
        legalFormCountryISO: 'SE',
        searchResultOrigin: 'agency',
        scoreClass: 1,
        agencyId: hit.properties.agencyId,
        vatId: hit.properties.vatId,
        creditAgencyReportId: expect.stringMatching(/^CAR-[0-9A-F]{16}$/),
        addresses: [{ addressType: 'main', town: 'Stockholm', country: 'SE' }],
        persons: expect.arrayContaining([
          expect.objectContaining({ position: 'director', selectedAddress: 'private' }),
        ]),
      });
      expect(customer).not.toHaveProperty('isReportRequired');
      expect(customerErrors(customer, customerConfiguration('SE')!)).toEqual([]);

      const rows = await t.db.query(
        'select partner_id, user_id, agency_company_key, company_name, country_iso, score_class from credit_agency_reports where id = $1',
        [customer.creditAgencyReportId],
      );
      expect(rows).toEqual([
        {
          partner_id: '752-10001',
          user_id: await userIdOf(t.db, DEMO.erik, '752-10001'),
          agency_company_key: hit.properties.agencyId,
          company_name: 'Stockholms Kontorsmaskiner AB',
          country_iso: 'SE',
          score_class: 1,
        },
      ]);
      // Every selection is a report of its own.
      const again = (await get(hit.links[0].href)).json().properties.creditAgencyReportId;
      expect(again).not.toBe(customer.creditAgencyReportId);
    });

    it("lists the partner's reports of the company on its calculations; whether one is required is the server's", async () => {
      const [hit] = (await search({ name: 'Nordic Office Teknik' })).entities;
      const first = (await get(hit.links[0].href)).json().properties;
      const second = (await get(hit.links[0].href)).json().properties;
      // Another partner's report of the same company is its own.
      const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
      expect((await get(hit.links[0].href, lukas)).statusCode).toBe(200);

      const calculationVariant = (nav: number) => ({
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: nav,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      });
      // The client's flag is not believed: 12,000 is above the provider's 10,000.
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/calculationSets',
        headers: erik,
        payload: {
          calculationVariant: calculationVariant(12_000),
          applicant: { ...second, isReportRequired: false },
          creditAgencyReportIds: [second.creditAgencyReportId],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json().properties;
      expect(saved.applicant.isReportRequired).toBe(true);
      expect(saved.creditReports).toEqual([
        {
          id: second.creditAgencyReportId,
          createdAt: expect.any(String),
          agency: 'Demo credit agency (simulator)',
          scoreClass: second.scoreClass,
        },
        {
          id: first.creditAgencyReportId,
          createdAt: expect.any(String),
          agency: 'Demo credit agency (simulator)',
          scoreClass: first.scoreClass,
        },
      ]);

      const href = `/api/calculationSets/${saved.calculationSetId}/calculationVariant/${saved.calculationVariantId}`;
      const lower = await t.app.inject({
        method: 'PUT',
        url: href,
        headers: erik,
        payload: {
          calculationVariant: calculationVariant(8_000),
          applicant: { ...second, isReportRequired: true },
        },
      });
      expect(lower.statusCode, lower.body).toBe(200);
      expect(lower.json().properties.applicant.isReportRequired).toBe(false);
      // A customer typed in by hand has no agency id and so no reports.
      const manual = await t.app.inject({
        method: 'PUT',
        url: `${href}/applicant`,
        headers: erik,
        payload: demoApplicant('Handskrivet AB', 'SE'),
      });
      expect(manual.statusCode, manual.body).toBe(200);
      expect(manual.json().properties).toMatchObject({
        creditReports: [],
        applicant: { isReportRequired: false },
      });
    });

    it('selects by the keys the client has of a search result, town and postcode included', async () => {
      const [hit] = (await search({ name: 'Rheinische Druck', countryIso: 'DE' })).entities;
      const p = hit.properties;
      const res = await select({
        vatId: p.vatId,
        tradeRegisterId: p.tradeRegisterId,
        town: p.town,
        postalCode: p.postalCode,
      });
      expect(res.statusCode, res.body).toBe(200);
      const customer = res.json().properties;
      expect(customer).toMatchObject({ name: 'Rheinische Druck GmbH', countryIso: 'DE', legalForm: 'GmbH' });
      expect(customer.bankAccount).toMatchObject({ type: 'iban', iban: expect.stringMatching(/^DE\d{20}$/) });
      expect(customerErrors(customer, customerConfiguration('DE')!)).toEqual([]);
      expect((await select({ vatId: p.vatId, town: 'Bonn' })).statusCode).toBe(404);
    });

    it("answers the deliberately incomplete company as it is: its director's date of birth is missing", async () => {
      const [hit] = (await search({ name: 'Malmö Kontorsservice AB' })).entities;
      const customer = (await get(hit.links[0].href)).json().properties;
      expect(customer.persons[0]).toMatchObject({ position: 'director', dateOfBirth: null });
      expect(customerErrors(customer, customerConfiguration('SE')!)).toEqual([
        { name: 'persons.0.dateOfBirth', reason: 'required' },
      ]);
    });

    it('answers 404 for an unknown company and 400 without a key', async () => {
      expect((await select({ agencyId: 'CA-SE-999999' })).statusCode).toBe(404);
      expect((await select({ vatId: 'SE000000000001' })).statusCode).toBe(404);
      const res = await select({ town: 'Malmö' });
      expect(res.statusCode).toBe(400);
      expect(res.json()['invalid-params']).toEqual([{ name: 'agencyId', reason: 'companyKeyRequired' }]);
    });

    it('is refused on a read-only brand, which may only search', async () => {
      const jonas = {
        authorization: `Bearer ${await t.token(DEMO.jonas)}`,
        'x-user-profile-id': await profileIdOf(t.db, DEMO.jonas, 'DE-RIT'),
      };
      expect((await search({ name: 'Rheinische' }, jonas)).properties.count).toBeGreaterThan(0);
      const res = await select({ agencyId: 'CA-DE-000001' }, jonas);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('IBAN and bank giro checks', () => {
    it('answers a valid IBAN with its bank', async () => {
      const res = await get('/api/validateIban/DE89370400440532013000');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        isValidIban: true,
        ibanCode: 'DE89370400440532013000',
        bicDetails: { institutionName: 'Commerzbank' },
        accountNumber: '0532013000',
        bankCode: '37040044',
      });
      expect((await get('/api/validateIban/SE4550000000058398257466')).json()).toMatchObject({
        isValidIban: true,
        bankCode: '500',
        bicDetails: { institutionName: 'SEB' },
      });
      // A valid IBAN of a bank the directory does not know.
      expect((await get('/api/validateIban/GB82WEST12345698765432')).json()).toMatchObject({
        isValidIban: true,
        bankCode: 'WEST',
        bicDetails: { institutionName: null },
      });
    });

    it('removes spaces and other characters first', async () => {
      const res = await get(`/api/validateIban/${encodeURIComponent('de89 3704-0044.0532 0130 00')}`);
      expect(res.json()).toMatchObject({ isValidIban: true, ibanCode: 'DE89370400440532013000' });
    });

    it('refuses a wrong checksum; empty counts as valid', async () => {
      expect((await get('/api/validateIban/DE89370400440532013001')).json()).toMatchObject({
        isValidIban: false,
        ibanCode: 'DE89370400440532013001',
        bicDetails: { institutionName: null },
      });
      expect((await get('/api/validateIban/%20')).json()).toMatchObject({ isValidIban: true, ibanCode: '' });
      expect((await get('/api/validateIban/')).json()).toMatchObject({ isValidIban: true, ibanCode: '' });
    });

    it('checks a bank giro number, spaces stripped', async () => {
      const valid = (await get(`/api/validateBankgironumber/${encodeURIComponent('5050 1055')}`)).json();
      expect(valid).toEqual({ isValidBankgironumber: true, bankgiroInstitution: expect.any(String) });
      expect((await get('/api/validateBankgironumber/5050-1055')).json()).toEqual(valid);
      expect((await get('/api/validateBankgironumber/5050-1056')).json()).toEqual({
        isValidBankgironumber: false,
        bankgiroInstitution: null,
      });
    });
  });

  describe('postcode and town on save', () => {
    const saveBody = (applicant: unknown, supplier: unknown = null) => ({
      calculationVariant: {
        name: 'Main offer',
        conditionListId: 'SE-NOS-TA-R10-C0',
        productId: 'SE-NOS-TA',
        navBasedCalculation: true,
        inputValue: 12_000,
        periodInMonths: 48,
        financingObjects: [
          {
            objectId: 'OT-COPIER',
            manufacturerId: 'M-CANON',
            details: 'imageRUNNER',
            netPricePerItemAmount: 6_000,
            quantity: 2,
          },
        ],
      },
      applicant,
      supplier,
    });
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/calculationSets', headers: erik, payload });

    it('refuses an address whose postcode belongs to another town', async () => {
      const applicant = demoApplicant('Postnummerprovet AB', 'SE');
      applicant.addresses[0] = { ...applicant.addresses[0]!, zip: '111 22', town: 'Malmö' };
      applicant.persons[0]!.privateAddress = {
        ...applicant.persons[0]!.privateAddress!,
        zip: '41103',
        town: ' göteborg ',
      };
      const supplier = {
        name: 'Leverantören AB',
        address: { addressType: 'main', street: 'Hohe Straße 1', zip: '50667', town: 'Bonn', country: 'DE' },
      };
      const res = await post(saveBody(applicant, supplier));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: '/problems/validation',
        validationKeys: ['postcodeTownMismatch'],
      });
      expect(res.json()['invalid-params']).toEqual([
        { name: 'applicant.addresses.0.zip', reason: 'postcodeTownMismatch' },
        { name: 'supplier.address.zip', reason: 'postcodeTownMismatch' },
      ]);
    });

    it('saves matching and unknown postcodes', async () => {
      const applicant = demoApplicant('Postnummerprovet AB', 'SE');
      applicant.addresses[0] = { ...applicant.addresses[0]!, zip: '111 22', town: 'STOCKHOLM' };
      // Not in the directory: nothing can be said.
      applicant.persons[0]!.privateAddress = {
        ...applicant.persons[0]!.privateAddress!,
        zip: '982 31',
        town: 'Gällivare',
      };
      const res = await post(saveBody(applicant));
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  it('needs a token everywhere', async () => {
    for (const url of [
      '/api/customers?name=Nordic',
      '/api/customers/select?agencyId=CA-SE-000001',
      '/api/applicant/configuration/SE',
      '/api/supplier/configuration/SE',
      '/api/sublessee/configuration/SE',
      '/api/validateIban/DE89370400440532013000',
      '/api/validateBankgironumber/5050-1055',
    ]) {
      const res = await get(url, {});
      expect(res.statusCode, url).toBe(401);
      expect(res.json().type).toBe('/problems/unauthorized');
    }
  });
});

describe('the credit-agency simulator', () => {
  const all = simulatedCompanies();

  it('holds a few thousand companies in Sweden and Germany and a few hundred in Italy', () => {
    expect(simulatedCompanies('SE')).toHaveLength(3000);
    expect(simulatedCompanies('DE')).toHaveLength(3000);
    expect(simulatedCompanies('IT')).toHaveLength(300);
    expect(new Set(all.map((c) => c.agencyId)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.agencyCustomerId)).size).toBe(all.length);
    expect(new Set(all.map((c) => `${c.countryIso} ${c.name.toLowerCase()}`)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.registrationNumber)).size).toBe(all.length);
  });

  it('gives every company but the deliberately incomplete ones everything its country asks', () => {
    const failures = all
      .filter((c) => !c.incomplete)
      .map((c) => ({
        name: c.name,
        errors: customerErrors(customerOf(c, 'CAR-0'), customerConfiguration(c.countryIso)!),
      }))
      .filter((f) => f.errors.length > 0);
    expect(failures).toEqual([]);
  });

  it('makes the incomplete ones miss exactly a director’s date of birth', () => {
    const incomplete = all.filter((c) => c.incomplete);
    expect(incomplete.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Malmö Kontorsservice AB', 'Kölner Bürodienst GmbH']),
    );
    expect(incomplete.length).toBeLessThan(all.length / 50);
    for (const c of incomplete) {
      const errors = customerErrors(customerOf(c, 'CAR-0'), customerConfiguration(c.countryIso)!);
      expect(errors.map((e) => e.reason)).toEqual(['required']);
      expect(errors[0]!.name).toMatch(/^persons\.\d\.dateOfBirth$/);
    }
  });

  it('uses real postcode and town pairs, for the company and its people', () => {
    const applicants = all.map((c) => customerOf(c, 'CAR-0'));
    for (const a of applicants) {
      expect(townMatchesPostcode(a.countryIso!, a.addresses[0]!.zip, a.addresses[0]!.town)).toBe(true);
    }
    expect(
      applicants.flatMap((a) => postcodeProblems({ applicant: a, supplier: null, sublessee: null })),
    ).toEqual([]);
  });

  it('computes the check digits of registration numbers, VAT ids, IBANs and bank giro numbers', () => {
    for (const c of simulatedCompanies('SE')) {
      const digits = c.registrationNumber!.replace('-', '');
      expect(luhnCheckDigit(digits.slice(0, 9))).toBe(Number(digits[9]));
      expect(c.vatId).toBe(`SE${digits}01`);
    }
    for (const c of simulatedCompanies('DE')) expect(c.vatId ?? 'DE123456789').toMatch(/^DE[1-9]\d{8}$/);
    for (const c of simulatedCompanies('IT')) expect(c.vatId).toMatch(/^IT\d{11}$/);
    for (const c of all) {
      const b = c.bankAccount;
      if (b?.kind === 'iban') expect(isValidIBAN(b.iban)).toBe(true);
      if (b?.kind === 'bankgiro') expect(isBankgiro(b.bankgiroNumber)).toBe(true);
    }
    expect(all.some((c) => c.bankAccount?.kind === 'bankgiro')).toBe(true);
  });

  it('gives mostly good score classes, some 4 and 5 and a few 6', () => {
    const share = (k: number) => all.filter((c) => c.scoreClass === k).length / all.length;
    expect(share(1) + share(2) + share(3)).toBeGreaterThan(0.7);
    expect(share(4) + share(5)).toBeGreaterThan(0.1);
    expect(share(6)).toBeGreaterThan(0.01);
    expect(share(6)).toBeLessThan(0.06);
  });

  it("never names a company like a demo calculation's or contract's customer", () => {
    const demoNames = DEMO_WORK.flatMap((w) => [
      ...w.calculations.map((c) => c.applicantName),
      ...w.contracts.map((c) => c.customerName),
    ]).map((n) => n.toLowerCase());
    expect(all.filter((c) => demoNames.includes(c.name.toLowerCase()))).toEqual([]);
  });
});
