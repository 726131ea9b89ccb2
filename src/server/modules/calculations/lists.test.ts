import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { demoApplicant } from '../../demo/applicants';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../../test/harness';
import { cellStyle, readSheet } from '../../test/xlsx';

/**
 * The demo world holds, on Nordic Office Solutions (SE-NOS), Maja's three sets (Malmö Tandvård
 * inWork, Skåne Bygg offerToCustomer, Lunds Kaffebar readyToSign) and Erik's one (Göteborgs
 * Trycksaker inWork); on Rheinland Bürotechnik Jonas's Bäckerei Schmitz (requestToGrenke).
 * Erik adds four more here.
 */
const MAJAS = ['Lunds Kaffebar HB', 'Malmö Tandvård AB', 'Skåne Bygg & Montage AB'];
const ADDED = ['Alfa Konsult AB', 'beta Frisör AB', 'Zeta Verkstad AB', 'Åkesson & Öberg AB'];
const ERIKS = ['Göteborgs Trycksaker AB', ...ADDED];

interface Item {
  calculationSetId: string;
  calculationVariantId: string;
  name: string;
  applicantName: string;
  sublesseeName: string;
  isSubLease: boolean;
  state: string;
  stateColour: string;
  ownerName: string;
  netAcquisitionValueAmount: number | null;
  periodInMonths: number | null;
  totalInstallmentAmount: number | null;
  currencyCode: string;
}

/** A variant of laptops for `nav`, on a list of the demo brand SE-NOS. */
const laptops = (nav: number) => ({
  conditionListId: 'SE-NOS-VA-C3',
  productId: 'SE-NOS-VA',
  navBasedCalculation: true,
  inputValue: nav,
  periodInMonths: 36,
  financingObjects: [{ objectId: 'OT-LAPTOP', netPricePerItemAmount: nav }],
});

describe.each(DB_KINDS)('calculation list, export and quick search (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let maja: Record<string, string>;
  let lukas: Record<string, string>;
  let majaProfile: string;
  const created: Record<string, { setId: string; variantId: string; total: number }> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    maja = { authorization: `Bearer ${await t.token(DEMO.maja)}` };
    lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    majaProfile = await profileIdOf(t.db, DEMO.maja, 'SE-NOS');
    for (const [k, name] of ADDED.entries()) {
      const nav = 10_000 + k * 1_000;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/calculationSets',
        headers: erik,
        payload: {
          calculationVariant: laptops(nav),
          applicant: demoApplicant(name, 'SE'),
          ...(k === 1
            ? {
                sublessee: {
                  name: 'Hyrgästen Nord AB',
                  registrationNumber: '5566001122',
                  address: demoApplicant('Hyrgästen Nord AB', 'SE').addresses[0],
                },
              }
            : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json().properties;
      created[name] = {
        setId: p.calculationSetId,
        variantId: p.calculationVariantId,
        total: p.calculationResults.find((r: { isSelected: boolean }) => r.isSelected).totalInstallmentAmount,
      };
    }
    // The last one was declined by the provider.
    const zeta = created['Zeta Verkstad AB']!;
    await t.db.query("update calculation_variants set state = 'declined' where id = $1", [zeta.variantId]);
    await t.db.query("update calculation_sets set state = 'declined' where id = $1", [zeta.setId]);
  });
  afterAll(() => t.close());

  const list = async (query = '', headers = erik) => {
    const res = await t.app.inject({ url: `/api/calculationSets${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      body,
      count: body.properties.count as number,
      items: body.entities.map((e: { properties: Item }) => e.properties) as Item[],
      names: body.entities.map((e: { properties: Item }) => e.properties.applicantName) as string[],
    };
  };
  const sorted = (names: string[]) => [...names].sort();

  describe('list', () => {
    it('answers the brand’s sets for a global user, newest first, with count and figures', async () => {
      const { body, count, items, names } = await list('?itemsPerPage=100');
      expect(count).toBe(8);
      expect(sorted(names)).toEqual(sorted([...MAJAS, ...ERIKS]));
      expect(body.properties).toMatchObject({ page: 1, itemsPerPage: 100 });
      // Sets saved last come first.
      expect(names.slice(0, 4)).toEqual([...ADDED].reverse());
      const alfa = items.find((i) => i.applicantName === 'Alfa Konsult AB')!;
      expect(alfa).toMatchObject({
        calculationSetId: created['Alfa Konsult AB']!.setId,
        calculationVariantId: created['Alfa Konsult AB']!.variantId,
        state: 'inWork',
        stateColour: 'blue',
        ownerName: 'Erik Berg',
        netAcquisitionValueAmount: 10_000,
        periodInMonths: 36,
        totalInstallmentAmount: created['Alfa Konsult AB']!.total,
        isSubLease: false,
      });
      expect(items.find((i) => i.applicantName === 'Lunds Kaffebar HB')).toMatchObject({
        ownerName: 'Maja Holm',
        state: 'readyToSign',
        stateColour: 'yellow',
      });
      expect(items.find((i) => i.applicantName === 'beta Frisör AB')).toMatchObject({
        sublesseeName: 'Hyrgästen Nord AB',
        isSubLease: true,
      });
      const entity = body.entities[0];
      expect(entity.links[0].href).toBe(
        `/api/calculationSets/${entity.properties.calculationSetId}/calculationVariant/${entity.properties.calculationVariantId}`,
      );
      expect(entity.actions[0]).toMatchObject({
        name: 'copy-variant',
        method: 'POST',
        fields: [{ name: 'copyOf', value: entity.properties.calculationVariantId }],
      });
    });

    it('pages by itemsPerPage and page', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((p) => list(`?itemsPerPage=3&page=${p}`)));
      expect(pages.map((p) => p.names.length)).toEqual([3, 3, 2, 0]);
      expect(pages.every((p) => p.count === 8)).toBe(true);
      const all = pages.flatMap((p) => p.names);
      expect(new Set(all).size).toBe(8);
      expect(all).toEqual((await list('?itemsPerPage=8')).names);
      expect((await list()).names).toHaveLength(8);
    });

    it('filters by one state and by repeated states', async () => {
      const inWork = await list('?states=inWork');
      expect(sorted(inWork.names)).toEqual(
        sorted([
          'Malmö Tandvård AB',
          'Göteborgs Trycksaker AB',
          ...ADDED.filter((n) => n !== 'Zeta Verkstad AB'),
        ]),
      );
      expect(inWork.count).toBe(5);
      const two = await list('?states=readyToSign&states=declined');
      expect(sorted(two.names)).toEqual(['Lunds Kaffebar HB', 'Zeta Verkstad AB']);
      expect(two.count).toBe(2);
      const none = await list('?states=contracted');
      expect(none).toMatchObject({ count: 0, names: [] });
      // The states the user could filter by do not depend on the filter.
      expect(none.body.properties.availableStates).toEqual([
        'declined',
        'inWork',
        'offerToCustomer',
        'readyToSign',
      ]);
    });

    it('sorts by applicant name both ways, ignoring case', async () => {
      const asc = (await list('?sortBy=applicantName&sortDirection=asc&states=inWork&states=declined')).names;
      expect(asc).toEqual([
        'Alfa Konsult AB',
        'beta Frisör AB',
        'Göteborgs Trycksaker AB',
        'Malmö Tandvård AB',
        'Zeta Verkstad AB',
        'Åkesson & Öberg AB',
      ]);
      const desc = (await list('?sortBy=applicantName&sortDirection=desc&states=inWork&states=declined'))
        .names;
      expect(desc).toEqual([...asc].reverse());
      const byState = (await list('?sortBy=state&sortDirection=asc&itemsPerPage=100')).items.map(
        (i) => i.state,
      );
      expect(byState).toEqual([...byState].sort());
    });

    it('searches applicant and sublessee names, case-insensitive, with LIKE characters taken literally', async () => {
      expect((await list('?searchText=TRYCKSAKER')).names).toEqual(['Göteborgs Trycksaker AB']);
      expect((await list('?searchText=hyrgästen')).names).toEqual(['beta Frisör AB']);
      const ab = await list('?searchText=%20ab&itemsPerPage=2');
      expect(ab.count).toBe(7);
      expect(ab.names).toHaveLength(2);
      expect((await list(`?searchText=${encodeURIComponent('%')}`)).count).toBe(0);
      expect((await list('?searchText=_')).count).toBe(0);
      expect((await list(`?searchText=${encodeURIComponent('Bygg & M')}`)).names).toEqual([
        'Skåne Bygg & Montage AB',
      ]);
      const inWorkAb = await list('?searchText=ab&states=inWork');
      expect(inWorkAb.count).toBe(5);
    });

    it('finds names with non-ASCII capitals in any case', async () => {
      expect((await list(`?searchText=${encodeURIComponent('åkesson & öberg')}`)).names).toEqual([
        'Åkesson & Öberg AB',
      ]);
      expect((await list(`?searchText=${encodeURIComponent('MALMÖ')}`)).names).toEqual(['Malmö Tandvård AB']);
    });

    it('shows a user without global access only their own sets', async () => {
      const own = await list('?itemsPerPage=100', maja);
      expect(own.count).toBe(3);
      expect(sorted(own.names)).toEqual(MAJAS);
      expect(own.items.every((i) => i.ownerName === 'Maja Holm')).toBe(true);
      expect(own.body.properties.availableStates).toEqual(['inWork', 'offerToCustomer', 'readyToSign']);
      // A profile filter does not widen it.
      const erikProfile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
      const widened = await list(`?filterUserProfileId=${erikProfile}`, maja);
      expect(sorted(widened.names)).toEqual(MAJAS);
      expect((await list('?searchText=trycksaker', maja)).count).toBe(0);
    });

    it('lets a global user narrow the list to one profile', async () => {
      const majas = await list(`?filterUserProfileId=${majaProfile}`);
      expect(majas.count).toBe(3);
      expect(sorted(majas.names)).toEqual(MAJAS);
      const erikProfile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
      expect(sorted((await list(`?filterUserProfileId=${erikProfile}`)).names)).toEqual(sorted(ERIKS));
      // A profile of another partner narrows to nothing; it never opens that partner's sets.
      const lukasProfile = await profileIdOf(t.db, DEMO.lukas, 'DE-RBT');
      expect((await list(`?filterUserProfileId=${lukasProfile}`)).count).toBe(0);
      expect((await list('?filterUserProfileId=')).count).toBe(8);
      // Not a profile id at all: a validation answer, not a database error.
      for (const url of ['/api/calculationSets', '/api/calculationSets/excel']) {
        const bogus = await t.app.inject({ url: `${url}?filterUserProfileId=bogus`, headers: erik });
        expect(bogus.statusCode, url).toBe(400);
        expect(bogus.json()['invalid-params']).toEqual([
          expect.objectContaining({ name: 'filterUserProfileId' }),
        ]);
      }
    });

    it("never shows another partner's sets", async () => {
      const rbt = await list('?itemsPerPage=100', lukas);
      expect(rbt.names).toEqual(['Bäckerei Schmitz GmbH']);
      expect(rbt.body.properties.availableStates).toEqual(['requestToGrenke']);
      expect((await list('?searchText=trycksaker', lukas)).count).toBe(0);
      // Lukas's other brand has none yet; the selected brand decides.
      const rit = { ...lukas, 'x-user-profile-id': await profileIdOf(t.db, DEMO.lukas, 'DE-RIT') };
      expect(await list('', rit)).toMatchObject({ count: 0, names: [] });
      // Anna acts for both partners: as the German user she sees only German sets.
      const annaDe = {
        authorization: `Bearer ${await t.token(DEMO.anna)}`,
        'x-user-profile-id': await profileIdOf(t.db, DEMO.anna, 'DE-RBT'),
      };
      expect((await list('', annaDe)).names).toEqual(['Bäckerei Schmitz GmbH']);
    });

    it('offers no actions on a read-only profile', async () => {
      const jonasRit = {
        authorization: `Bearer ${await t.token(DEMO.jonas)}`,
        'x-user-profile-id': await profileIdOf(t.db, DEMO.jonas, 'DE-RIT'),
      };
      const lukasRit = { ...lukas, 'x-user-profile-id': jonasRit['x-user-profile-id'] };
      // Lukas cannot act with Jonas's profile.
      expect((await t.app.inject({ url: '/api/calculationSets', headers: lukasRit })).statusCode).toBe(403);
      const jonasRbt = { ...jonasRit, 'x-user-profile-id': await profileIdOf(t.db, DEMO.jonas, 'DE-RBT') };
      const writable = await list('', jonasRbt);
      expect(writable.body.entities[0].actions.map((a: { name: string }) => a.name)).toContain(
        'copy-variant',
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/calculationSets',
        headers: { ...lukas, 'x-user-profile-id': await profileIdOf(t.db, DEMO.lukas, 'DE-RIT') },
        payload: {
          calculationVariant: {
            conditionListId: 'DE-RIT-VA-C0',
            productId: 'DE-RIT-VA',
            navBasedCalculation: true,
            inputValue: 5_000,
            financingObjects: [{ objectId: 'OT-LAPTOP', netPricePerItemAmount: 5_000 }],
          },
          applicant: demoApplicant('IT-Haus Bonn GmbH', 'SE'),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const readOnly = await list('', jonasRit);
      expect(readOnly.names).toEqual(['IT-Haus Bonn GmbH']);
      expect(readOnly.body.entities[0].actions).toEqual([]);
    });

    it('offers in each row the actions its state allows', async () => {
      const { body } = await list('?itemsPerPage=100', erik);
      const names = (state: string) =>
        body.entities
          .find((e: { properties: { state: string } }) => e.properties.state === state)
          .actions.map((a: { name: string }) => a.name);
      const quote = ['copy-variant', 'make-offer', 'request-to-grenke', 'cancel-process'];
      expect(names('inWork')).toEqual(quote);
      expect(names('offerToCustomer')).toEqual(quote);
      expect(names('readyToSign')).toEqual([
        'copy-variant',
        'make-offer',
        'paper-contract',
        'start-esignature',
        'cancel-process',
      ]);
      expect(names('declined')).toEqual(['copy-variant']);
    });

    it('refuses a bad query with 400', async () => {
      for (const query of [
        '?states=bogus',
        '?states=inWork&states=bogus',
        '?sortBy=ownerName',
        '?sortDirection=up',
        '?itemsPerPage=0',
        '?itemsPerPage=101',
        '?page=0',
        '?page=two',
      ]) {
        const res = await t.app.inject({ url: `/api/calculationSets${query}`, headers: erik });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().type).toBe('/problems/validation');
      }
      const res = await t.app.inject({ url: '/api/calculationSets?states=bogus', headers: erik });
      expect(res.json()['invalid-params'][0].name).toMatch(/^states/);
      expect((await t.app.inject({ url: '/api/calculationSets' })).statusCode).toBe(401);
    });
  });

  describe('excel export', () => {
    const KEYS = [
      'calculationSetId',
      'applicantName',
      'sublesseeName',
      'state',
      'lastEdited',
      'ownerName',
      'netAcquisitionValueAmount',
      'periodInMonths',
      'totalInstallmentAmount',
      'billingPeriod',
      'monthlyTotalInstallmentAmount',
      'paymentPlan',
      'currencyCode',
    ];
    const exportOf = (query = '', headers: Record<string, string> = erik) =>
      t.app.inject({ url: `/api/calculationSets/excel${query}`, headers });

    it('refuses users without the Excel permission', async () => {
      const res = await exportOf('', maja);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ type: '/problems/forbidden' });
      const jonas = { authorization: `Bearer ${await t.token(DEMO.jonas)}` };
      expect((await exportOf('', jonas)).statusCode).toBe(403);
    });

    it('answers a real xlsx of the list with a header row and one row per set', async () => {
      const res = await exportOf('', { ...erik, 'accept-language': 'en-IE' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.fileFormat).toBe('xlsx');
      expect(body.fileName).toMatch(/^calculations-\d{4}-\d{2}-\d{2}\.xlsx$/);
      // An xlsx is a zip file.
      expect(Buffer.from(body.contentAsBase64, 'base64').subarray(0, 2).toString()).toBe('PK');
      const sheet = await readSheet(body.contentAsBase64);
      expect(sheet.name).toBe(translate('en-IE', 'calculationList.title'));
      expect(sheet.rows[0]).toEqual(KEYS.map((k) => translate('en-IE', `calculationList.columns.${k}`)));
      for (const column of 'ABCDEFGHIJKLM')
        expect(cellStyle(body.contentAsBase64, `${column}1`).bold, column).toBe(true);
      expect(sheet.rows).toHaveLength(9);
      const rows = sheet.rows.slice(1);
      const alfa = rows.find((r) => r[1] === 'Alfa Konsult AB');
      expect(alfa).toBeDefined();
      expect(alfa![0]).toBe(created['Alfa Konsult AB']!.setId);
      expect(alfa![3]).toBe(translate('en-IE', 'states.inWork'));
      expect(alfa![4]).toBeInstanceOf(Date);
      expect(alfa![5]).toBe('Erik Berg');
      const total = created['Alfa Konsult AB']!.total;
      // Without a payment plan its column stays empty.
      expect(alfa!.slice(6, 13)).toEqual([10_000, 36, total, 'per month', total, null, 'SEK']);
      expect(rows.map((r) => r[1])).toContain('Lunds Kaffebar HB');
      expect(rows.map((r) => r[1])).not.toContain('Bäckerei Schmitz GmbH');
    });

    it('takes the filters of the list and ignores paging', async () => {
      const res = await exportOf('?states=readyToSign&states=declined&itemsPerPage=1&page=3');
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await readSheet(res.json().contentAsBase64);
      const names = rows.slice(1).map((r) => r[1]);
      expect(sorted(names as string[])).toEqual(['Lunds Kaffebar HB', 'Zeta Verkstad AB']);
      const narrowed = await exportOf(`?filterUserProfileId=${majaProfile}&searchText=kaffebar`);
      const narrowRows = (await readSheet(narrowed.json().contentAsBase64)).rows;
      expect(narrowRows).toHaveLength(2);
      expect(narrowRows[1]![1]).toBe('Lunds Kaffebar HB');
      expect((await exportOf('?states=bogus')).statusCode).toBe(400);
    });

    it('writes in the language asked for', async () => {
      const res = await exportOf('?states=inWork', { ...erik, 'accept-language': 'de-DE' });
      const sheet = await readSheet(res.json().contentAsBase64);
      expect(sheet.name).toBe(translate('de-DE', 'calculationList.title'));
      expect(sheet.rows[0]![1]).toBe(translate('de-DE', 'calculationList.columns.applicantName'));
      expect(sheet.rows[1]![3]).toBe(translate('de-DE', 'states.inWork'));
    });
  });

  describe('quick search', () => {
    const search = (text: string | undefined, headers = erik) =>
      t.app.inject({
        url: `/api/search/quicksearch${text === undefined ? '' : `?searchText=${encodeURIComponent(text)}`}`,
        headers,
      });
    const namesOf = (res: { json: () => { properties: { calculationSetReadModels: Item[] } } }) =>
      res.json().properties.calculationSetReadModels.map((s) => s.applicantName);

    it('finds sets by part of the customer name, in any case', async () => {
      const res = await search('trycksak');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.properties).toMatchObject({ searchText: 'trycksak', contractReadModels: [] });
      expect(body.properties.calculationSetReadModels).toEqual([
        expect.objectContaining({
          applicantName: 'Göteborgs Trycksaker AB',
          state: 'inWork',
          isSubLease: false,
          calculationSetId: expect.any(String),
          calculationVariantId: expect.any(String),
        }),
      ]);
      expect(namesOf(await search('KAFFEBAR'))).toEqual(['Lunds Kaffebar HB']);
      expect(namesOf(await search('Hyrgäst'))).toEqual(['beta Frisör AB']);
      expect(namesOf(await search('nothing like this'))).toEqual([]);
      // Newest first.
      expect(namesOf(await search(' AB')).slice(0, 2)).toEqual(['Åkesson & Öberg AB', 'Zeta Verkstad AB']);
    });

    it('is scoped like the list', async () => {
      expect(namesOf(await search('trycksaker', maja))).toEqual([]);
      expect(namesOf(await search('tandvård', maja))).toEqual(['Malmö Tandvård AB']);
      expect(namesOf(await search('tandvård'))).toEqual(['Malmö Tandvård AB']);
      expect(namesOf(await search('tandvård', lukas))).toEqual([]);
      expect(namesOf(await search('schmitz', lukas))).toEqual(['Bäckerei Schmitz GmbH']);
      expect(namesOf(await search('schmitz'))).toEqual([]);
    });

    it('answers at most 10 sets', async () => {
      const res = await search('a');
      expect(res.json().properties.calculationSetReadModels).toHaveLength(8);
      for (let k = 0; k < 4; k++) {
        await t.db.query(
          `insert into calculation_sets (partner_id, brand_id, user_profile_id, applicant_name, state, leading_variant_id)
           select partner_id, brand_id, user_profile_id, 'Kopia ' || $2, state, leading_variant_id
             from calculation_sets where id = $1`,
          [created['Alfa Konsult AB']!.setId, String(k)],
        );
      }
      expect((await search('a')).json().properties.calculationSetReadModels).toHaveLength(10);
      expect(namesOf(await search('kopia'))).toHaveLength(4);
      await t.db.query("delete from calculation_sets where applicant_name like 'Kopia %'");
    });

    it('finds a calculation by its name, before it has a customer, and follows a renamed variant', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/calculationSets',
        headers: erik,
        payload: {
          calculationVariant: { ...laptops(9_000), name: 'Offline quote 7' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { calculationSetId, calculationVariantId } = res.json().properties;
      const found = (text: string) =>
        search(text).then((r) => r.json().properties.calculationSetReadModels as Item[]);
      expect(await found('OFFLINE quote')).toEqual([
        expect.objectContaining({ calculationSetId, name: 'Offline quote 7', applicantName: '' }),
      ]);
      expect((await list('?searchText=quote%207')).items).toEqual([
        expect.objectContaining({ calculationSetId, name: 'Offline quote 7' }),
      ]);
      // The leading variant saved under another name: the set follows it.
      await t.db.query(
        `update calculation_variants set payload = jsonb_set(payload, '{name}', '"Two copiers"') where id = $1`,
        [calculationVariantId],
      );
      expect(await found('copiers')).toEqual([
        expect.objectContaining({ calculationSetId, name: 'Two copiers' }),
      ]);
      expect(await found('offline quote')).toEqual([]);
      // Sorted by customer, a set without one stands where the name it shows puts it.
      const shown = (
        await list('?sortBy=applicantName&sortDirection=asc&states=inWork&states=declined')
      ).items.map((i) => i.applicantName || i.name);
      expect(shown.slice(3, 6)).toEqual(['Malmö Tandvård AB', 'Two copiers', 'Zeta Verkstad AB']);
      await t.db.query('delete from calculation_sets where id = $1', [calculationSetId]);
    });

    it('refuses an empty text', async () => {
      for (const text of [undefined, '', '   ']) {
        const res = await search(text);
        expect(res.statusCode, String(text)).toBe(400);
        expect(res.json().type).toBe('/problems/validation');
      }
      expect((await search('x'.repeat(101))).statusCode).toBe(400);
      expect((await search('trycksaker', {})).statusCode).toBe(401);
    });
  });
});
