import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  PROVIDER_CONTRACT_STATES,
  netScheduleOf,
  paidInstalmentsOf,
  redemptionAmount,
  redemptionValidUntil,
  utcToday,
} from '../../../domain/contracts';
import { translate } from '../../i18n';
import { extractText } from '../../integrations/pdf/pdf-text';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../../test/harness';
import { readSheet } from '../../test/xlsx';

/**
 * The demo world holds, on Nordic Office Solutions (SE-NOS), Maja's 752-0000101 (running) and
 * Erik's 752-0000102 to 752-0000109, one in every contract state (102 and the sub-lease 108
 * running, 103 expiring soon, 104 prolonged, 105 cancelled, 106 paid, 107 application settled,
 * 109 unknown); on Rheinland Bürotechnik (DE-RBT) Jonas's 276-0000201 to 276-0000208 by the
 * calendar and 209 to 214 in the states the provider set (active, expired, closed, defective,
 * rescinded, locked).
 */
const SE_STATES: Record<string, string> = {
  '752-0000101': 'runningContract',
  '752-0000102': 'runningContract',
  '752-0000103': 'expiringSoon',
  '752-0000104': 'prolongedContract',
  '752-0000105': 'cancelled',
  '752-0000106': 'paid',
  '752-0000107': 'applicationSettled',
  '752-0000108': 'runningContract',
  '752-0000109': 'unknown',
};

interface Item {
  contractId: string;
  referenceCode: string;
  startDate: string | null;
  endDate: string | null;
  customerName: string;
  isSubLease: boolean;
  subLesseeName: string;
  state: string;
  stateColour: string;
  ownerName: string;
  instalment: number;
  periodInMonths: number | null;
  currencyCode: string;
}

describe.each(DB_KINDS)('contracts (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let maja: Record<string, string>;
  let lukas: Record<string, string>;
  let majaProfile: string;
  let erikProfile: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    maja = { authorization: `Bearer ${await t.token(DEMO.maja)}` };
    lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    majaProfile = await profileIdOf(t.db, DEMO.maja, 'SE-NOS');
    erikProfile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, headers = erik, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (query = '', headers = erik) => {
    const res = await call('GET', `/api/contracts${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const items = body.entities.map((e: { properties: Item }) => e.properties) as Item[];
    return { body, count: body.properties.count as number, items, codes: items.map((i) => i.referenceCode) };
  };
  const sorted = (codes: string[]) => [...codes].sort();

  describe('list', () => {
    it('answers the brand’s contracts in every contract state, newest start first, green', async () => {
      const { body, count, items, codes } = await list('?itemsPerPage=100');
      expect(count).toBe(9);
      expect(sorted(codes)).toEqual(Object.keys(SE_STATES));
      expect(Object.fromEntries(items.map((i) => [i.referenceCode, i.state]))).toEqual(SE_STATES);
      expect(items.every((i) => i.stateColour === 'green')).toBe(true);
      expect(body.properties.availableStates).toEqual([
        'applicationSettled',
        'cancelled',
        'expiringSoon',
        'paid',
        'prolongedContract',
        'runningContract',
        'unknown',
      ]);
      // Newest start first; the one without dates last.
      const starts = items.map((i) => i.startDate);
      expect(starts.at(-1)).toBeNull();
      expect(starts.slice(0, -1)).toEqual([...starts.slice(0, -1)].sort().reverse());
      expect(items[0]!.referenceCode).toBe('752-0000107');
      expect(items.find((i) => i.referenceCode === '752-0000108')).toMatchObject({
        customerName: 'Norrlands Kyl & Frys AB',
        isSubLease: true,
        subLesseeName: 'Luleå Fiskhall HB',
        ownerName: 'Erik Berg',
        currencyCode: 'SEK',
        periodInMonths: 36,
      });
      expect(items.find((i) => i.referenceCode === '752-0000101')).toMatchObject({ ownerName: 'Maja Holm' });
      const entity = body.entities[0];
      expect(entity.links).toEqual([
        { rel: ['self'], href: `/api/contracts/${entity.properties.referenceCode}` },
      ]);
      expect(entity.actions).toEqual([
        expect.objectContaining({
          name: 'assign',
          method: 'POST',
          href: `/api/contracts/${entity.properties.referenceCode}/assign`,
        }),
      ]);
    });

    it('pages by itemsPerPage (default 10) and page', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((p) => list(`?itemsPerPage=3&page=${p}`)));
      expect(pages.map((p) => p.codes.length)).toEqual([3, 3, 3, 0]);
      expect(pages.every((p) => p.count === 9)).toBe(true);
      expect(pages.flatMap((p) => p.codes)).toEqual((await list('?itemsPerPage=9')).codes);
      expect((await list()).codes).toHaveLength(9);
      expect((await list()).body.properties).toMatchObject({ page: 1, itemsPerPage: 10 });
    });

    it('filters by one state and by repeated states; the available states do not depend on it', async () => {
      const running = await list('?states=runningContract');
      expect(sorted(running.codes)).toEqual(['752-0000101', '752-0000102', '752-0000108']);
      expect(running.count).toBe(3);
      const two = await list('?states=expiringSoon&states=prolongedContract&showAllStates=false');
      expect(sorted(two.codes)).toEqual(['752-0000103', '752-0000104']);
      expect(two.body.properties.availableStates).toHaveLength(7);
      expect((await list('?showAllStates=true')).count).toBe(9);
    });

    it('sorts by customer, reference code and state, both ways', async () => {
      const names = (await list('?sortBy=customerName&sortDirection=asc')).items.map((i) => i.customerName);
      // The database sorts by code point (as for the calculation list): Ö and Ä after Z.
      const byCodePoint = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
      expect(names).toEqual([...names].sort(byCodePoint));
      const desc = (await list('?sortBy=customerName&sortDirection=desc')).items.map((i) => i.customerName);
      expect(desc).toEqual([...names].reverse());
      expect((await list('?sortBy=referenceCode&sortDirection=asc')).codes).toEqual(Object.keys(SE_STATES));
      const states = (await list('?sortBy=state&sortDirection=asc')).items.map((i) => i.state);
      expect(states).toEqual([...states].sort());
      const oldest = (await list('?sortBy=startDate&sortDirection=asc')).codes;
      expect(oldest[0]).toBe('752-0000109');
    });

    it('pages a state-filtered list as the plain list orders it, whichever the sort', async () => {
      const states = ['runningContract', 'paid', 'unknown', 'applicationSettled'];
      const filter = states.map((s) => `&states=${s}`).join('');
      for (const sort of ['startDate', 'state', 'customerName'])
        for (const direction of ['asc', 'desc']) {
          const order = `sortBy=${sort}&sortDirection=${direction}`;
          const all = (await list(`?itemsPerPage=100&${order}`)).items;
          const expected = all.filter((i) => states.includes(i.state)).map((i) => i.referenceCode);
          const pages = await Promise.all(
            [1, 2, 3].map((p) => list(`?itemsPerPage=2&page=${p}&${order}${filter}`)),
          );
          expect(
            pages.flatMap((p) => p.codes),
            order,
          ).toEqual(expected);
          expect(pages[0]!.count).toBe(expected.length);
        }
    });

    it('searches customer and sublessee names and reference codes, LIKE characters literally', async () => {
      expect((await list('?searchText=MARINSERVICE')).codes).toEqual(['752-0000102']);
      expect((await list('?searchText=fiskhall')).codes).toEqual(['752-0000108']);
      expect((await list('?searchText=0000104')).codes).toEqual(['752-0000104']);
      expect((await list('?searchText=%25')).count).toBe(0);
      expect((await list('?searchText=_')).count).toBe(0);
      const ab = await list('?searchText=%20ab&itemsPerPage=2');
      expect(ab.count).toBe(8);
      expect(ab.codes).toHaveLength(2);
    });

    it('shows own contracts only without global access; a global user may filter by profile', async () => {
      expect((await list('', maja)).codes).toEqual(['752-0000101']);
      expect((await list(`?filterUserProfileId=${erikProfile}`, maja)).codes).toEqual(['752-0000101']);
      expect((await list(`?filterUserProfileId=${majaProfile}`)).codes).toEqual(['752-0000101']);
      expect((await list(`?filterUserProfileId=${erikProfile}`)).count).toBe(8);
    });

    it("never shows another partner's contracts", async () => {
      const rbt = await list('?itemsPerPage=100', lukas);
      expect(rbt.count).toBe(14);
      expect(rbt.codes.every((c) => c.startsWith('276-'))).toBe(true);
      const marked = await list(`?${PROVIDER_CONTRACT_STATES.map((s) => `states=${s}`).join('&')}`, lukas);
      expect(marked.codes.sort()).toEqual(
        ['209', '210', '211', '212', '213', '214'].map((n) => `276-0000${n}`),
      );
      expect((await list('?searchText=marinservice', lukas)).count).toBe(0);
      for (const url of [
        '/api/contracts/276-0000201',
        '/api/contracts/276-0000201/redemption-offer',
        '/api/contracts/752-0000999',
        '/api/contracts/not-a-code',
      ]) {
        expect((await call('GET', url)).statusCode, url).toBe(404);
      }
      expect(
        (await call('POST', '/api/contracts/276-0000202/assign', erik, { userProfileId: erikProfile }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/api/contracts/276-0000202/redemption-offer', erik, { statement: '' }))
          .statusCode,
      ).toBe(404);
      // Not her own: not found for Maja either.
      expect((await call('GET', '/api/contracts/752-0000102', maja)).statusCode).toBe(404);
    });

    it('refuses a bad query with 400 and a missing token with 401', async () => {
      for (const query of [
        '?states=inWork',
        '?sortBy=lastEdited',
        '?itemsPerPage=0',
        '?filterUserProfileId=bogus',
      ]) {
        const res = await call('GET', `/api/contracts${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().type).toBe('/problems/validation');
      }
      expect((await call('GET', '/api/contracts', {})).statusCode).toBe(401);
    });
  });

  describe('export', () => {
    it('answers an xlsx of the filtered list in the language asked for', async () => {
      const res = await call(
        'GET',
        '/api/contracts/excel?states=runningContract&sortBy=referenceCode&sortDirection=asc',
        {
          ...erik,
          'accept-language': 'de-DE',
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        fileFormat: 'xlsx',
        fileName: expect.stringMatching(/^contracts-.*\.xlsx$/),
      });
      const sheet = await readSheet(body.contentAsBase64);
      expect(sheet.name).toBe(translate('de-DE', 'contracts.title'));
      expect(sheet.rows).toHaveLength(4);
      const row = (n: number) => sheet.rows[n - 1]!;
      expect(row(1)[0]).toBe(translate('de-DE', 'contracts.columns.referenceCode'));
      expect([row(2)[0], row(2)[1], row(2)[3]]).toEqual([
        '752-0000101',
        'Öresund Logistik AB',
        translate('de-DE', 'states.runningContract'),
      ]);
      expect(row(4)[2]).toBe('Luleå Fiskhall HB');
      // A running contract has begun: its start is a date cell.
      expect(row(2)[4]).toBeInstanceOf(Date);
      expect(
        (await readSheet((await call('GET', '/api/contracts/excel')).json().contentAsBase64)).rows,
      ).toHaveLength(10);
    });

    it('needs the Excel permission', async () => {
      const res = await call('GET', '/api/contracts/excel', maja);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('one contract', () => {
    it('answers the contract, its calculation profile and the actions its state allows', async () => {
      const res = await call('GET', '/api/contracts/752-0000102');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.properties.contract).toMatchObject({
        referenceCode: '752-0000102',
        number: '752-0000102',
        customerName: 'Västkustens Marinservice AB',
        state: 'runningContract',
        stateColour: 'green',
        duration: 48,
        periodInMonths: 48,
        nav: 48_500,
        annualRatePercent: 5.9,
        paymentFrequency: 'monthly',
        startDate: addMonths(utcToday(), -14),
      });
      expect(body.properties.contract.instalment).toBeGreaterThan(900);
      expect(body.properties.calculationProfile).toMatchObject({
        netAcquisitionValueAmount: 48_500,
        currencyCode: 'SEK',
      });
      expect(body.actions.map((a: { name: string }) => a.name)).toEqual(['make-redemption-offer', 'assign']);
      expect(body.actions[0]).toMatchObject({
        method: 'POST',
        href: '/api/contracts/752-0000102/redemption-offer',
      });

      for (const [code, redeemable] of [
        ['752-0000103', true],
        ['752-0000104', true],
        ['752-0000105', false],
        ['752-0000106', false],
        ['752-0000107', false],
        ['752-0000109', false],
      ] as const) {
        const names = (await call('GET', `/api/contracts/${code}`))
          .json()
          .actions.map((a: { name: string }) => a.name);
        expect(names.includes('make-redemption-offer'), code).toBe(redeemable);
      }
    });

    it('offers no actions on a read-only brand and refuses writes there', async () => {
      const lukasRit = await profileIdOf(t.db, DEMO.lukas, 'DE-RIT');
      await t.db.query(
        `insert into contracts (reference_code, partner_id, user_profile_id, customer_name, start_date, end_date, instalment,
                                period_in_months, customer_email)
         values ('276-0000299', '276-20001', $1, 'IT-Haus Bonn GmbH', current_date - 100, current_date + 900, 250, 33, 'it@bonn.example')`,
        [lukasRit],
      );
      const jonasRit = {
        authorization: `Bearer ${await t.token(DEMO.jonas)}`,
        'x-user-profile-id': await profileIdOf(t.db, DEMO.jonas, 'DE-RIT'),
      };
      const detail = (await call('GET', '/api/contracts/276-0000299', jonasRit)).json();
      expect(detail.properties.contract).toMatchObject({
        state: 'runningContract',
        ownerName: 'Lukas Weber',
      });
      expect(detail.actions).toEqual([]);
      expect((await list('', jonasRit)).body.entities[0].actions).toEqual([]);
      const offer = await call('GET', '/api/contracts/276-0000299/redemption-offer', jonasRit);
      expect(offer.statusCode).toBe(200);
      expect(offer.json().actions).toEqual([]);
      expect(
        (await call('POST', '/api/contracts/276-0000299/redemption-offer', jonasRit, {})).statusCode,
      ).toBe(403);
      const jonasProfile = jonasRit['x-user-profile-id'];
      expect(
        (await call('POST', '/api/contracts/276-0000299/assign', jonasRit, { userProfileId: jonasProfile }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('redemption offer', () => {
    it('answers the amount of docs/domain.md section 6, valid for 14 days', async () => {
      const contract = (await call('GET', '/api/contracts/752-0000102')).json().properties.contract;
      const res = await call('GET', '/api/contracts/752-0000102/redemption-offer');
      expect(res.statusCode, res.body).toBe(200);
      const today = utcToday();
      const paid = paidInstalmentsOf(
        { startDate: contract.startDate, periodInMonths: 48, frequency: 'monthly' },
        today,
      );
      expect(paid).toBe(15);
      const expected = redemptionAmount({
        instalment: contract.instalment,
        periods: 48,
        paidInstalments: paid,
        annualRatePercent: 5.9,
        residualValue: 0,
        frequency: 'monthly',
        currencyCode: 'SEK',
      });
      expect(res.json().properties).toMatchObject({
        ...expected,
        referenceCode: '752-0000102',
        paidInstalments: 15,
        instalments: 48,
        date: today,
        validUntil: redemptionValidUntil(today),
        recipient: 'ekonomi@vastkustens-marinservice-ab.example',
        statementMaxLength: 1000,
      });
      expect(res.json().actions[0]).toMatchObject({ name: 'make-redemption-offer', method: 'POST' });
      // Prolonged: every instalment paid, the residual value and the fee are left.
      const prolonged = (await call('GET', '/api/contracts/752-0000104/redemption-offer')).json().properties;
      expect(prolonged).toMatchObject({
        remainingInstalments: 0,
        instalmentsPresentValue: 0,
        paymentFrequency: 'quarterly',
      });
      expect(prolonged.total).toBe(prolonged.residualValue + prolonged.fee);
    });

    it('discounts a payment plan’s own remaining instalments, in the answer and the PDF', async () => {
      // 752-0000102 as a plan: three half instalments, then two amounts above the level one.
      const level = (await call('GET', '/api/contracts/752-0000102/redemption-offer')).json().properties;
      const [before] = await t.db.query<{ instalment: number; schedule: unknown }>(
        `select instalment::float8 as instalment, schedule from contracts where reference_code = '752-0000102'`,
      );
      const { instalment, schedule } = before!;
      const runs = [
        { fromInstallment: 1, toInstallment: 3, totalInstallmentAmount: instalment / 2 },
        { fromInstallment: 4, toInstallment: 20, totalInstallmentAmount: instalment * 1.05 },
        { fromInstallment: 21, toInstallment: 48, totalInstallmentAmount: instalment * 1.1 },
      ];
      const setRuns = (value: unknown) =>
        t.db.query(`update contracts set schedule = $1 where reference_code = '752-0000102'`, [
          JSON.stringify(value),
        ]);
      await setRuns(runs);
      try {
        const res = await call('GET', '/api/contracts/752-0000102/redemption-offer');
        expect(res.statusCode, res.body).toBe(200);
        const offer = res.json().properties;
        const expected = redemptionAmount({
          instalment: level.instalment,
          schedule: netScheduleOf(runs, instalment, level.instalment),
          periods: 48,
          paidInstalments: 15,
          annualRatePercent: 5.9,
          residualValue: 0,
          frequency: 'monthly',
          currencyCode: 'SEK',
        });
        expect(offer).toMatchObject(expected);
        // 15 paid: the rest of the first higher run, then the second.
        expect(offer.remainingSchedule.map((r: { fromInstallment: number }) => r.fromInstallment)).toEqual([
          16, 21,
        ]);
        expect(offer.instalmentsPresentValue).toBeGreaterThan(level.instalmentsPresentValue * 1.05);

        const sent = (
          await call('POST', '/api/contracts/752-0000102/redemption-offer', erik, { statement: '' })
        ).json().properties;
        const [mail] = await t.db.query<{ id: string }>(
          `select id from mails where attachments @> $1::jsonb`,
          [JSON.stringify([{ documentId: sent.documentId }])],
        );
        const pdf = await t.app.inject({ url: `/mailbox/${mail!.id}/attachments/${sent.documentId}` });
        const text = await extractText(pdf.rawPayload);
        expect(text).toContain('Avgift 16–20');
        expect(text).toContain('Avgift 21–48');
      } finally {
        await setRuns(schedule);
      }
    });

    it('is refused for contracts that are not running, expiring or prolonged', async () => {
      for (const code of ['752-0000105', '752-0000106', '752-0000107', '752-0000109']) {
        const res = await call('GET', `/api/contracts/${code}/redemption-offer`);
        expect(res.statusCode, code).toBe(409);
        expect(res.json()).toMatchObject({
          type: '/problems/invalid-state',
          errorKeys: ['invalidCurrentState'],
        });
        expect((await call('POST', `/api/contracts/${code}/redemption-offer`, erik, {})).statusCode).toBe(
          409,
        );
      }
    });

    it('sends the PDF by e-mail, kept as a generated document of the contract', async () => {
      const statement = 'Vi bekräftar att avtalet kan lösas i förtid.\nMed vänlig hälsning';
      expect(
        (
          await call('POST', '/api/contracts/752-0000103/redemption-offer', erik, {
            statement: 'x'.repeat(1001),
          })
        ).statusCode,
      ).toBe(400);
      const res = await call('POST', '/api/contracts/752-0000103/redemption-offer', erik, { statement });
      expect(res.statusCode, res.body).toBe(200);
      const sent = res.json().properties;
      expect(sent).toMatchObject({
        sent: true,
        recipient: 'ekonomi@kiruna-fjallbuss-ab.example',
        fileName: `redemption-offer-752-0000103-${utcToday()}.pdf`,
      });
      const [mail] = await t.db.query<{ id: string; subject: string; body: string; attachments: unknown }>(
        `select id, subject, body_text as body, attachments from mails where recipient = $1`,
        [sent.recipient],
      );
      expect(mail!.subject).toBe('Lösenoffert för ditt leasingavtal 752-0000103');
      expect(mail!.body).toContain('Med vänlig hälsning');
      expect(mail!.attachments).toEqual([{ documentId: sent.documentId, fileName: sent.fileName }]);
      const [doc] = await t.db.query<{ category: string; contractId: string; setId: string | null }>(
        `select category, contract_id as "contractId", calculation_set_id as "setId" from documents where id = $1`,
        [sent.documentId],
      );
      expect(doc).toMatchObject({ category: 'redemptionOffer', setId: null });
      // The mailbox hands out the attachment, as the customer would open it.
      const pdf = await t.app.inject({ url: `/mailbox/${mail!.id}/attachments/${sent.documentId}` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await extractText(pdf.rawPayload);
      expect(text).toContain('Lösenoffert');
      expect(text).toContain('Kiruna Fjällbuss AB');
      expect(text).toContain('Vi bekräftar att avtalet kan lösas i förtid.');
      const detail = (await call('GET', '/api/contracts/752-0000103')).json().properties.contract;
      expect(detail.lastRedemptionOfferAt).not.toBeNull();
    });

    it('keeps the PDF among the documents of the contract’s calculation set when it has one', async () => {
      const [set] = await t.db.query<{ id: string }>(
        `select id from calculation_sets where applicant_name = 'Göteborgs Trycksaker AB'`,
      );
      await t.db.query(`update contracts set calculation_set_id = $1 where reference_code = '752-0000108'`, [
        set!.id,
      ]);
      const res = await call('POST', '/api/contracts/752-0000108/redemption-offer', erik, { statement: '' });
      expect(res.statusCode, res.body).toBe(200);
      const [doc] = await t.db.query<{ setId: string }>(
        'select calculation_set_id as "setId" from documents where id = $1',
        [res.json().properties.documentId],
      );
      expect(doc!.setId).toBe(set!.id);
    });

    it('fails with an error key when the customer has no e-mail address', async () => {
      await t.db.query(`update contracts set customer_email = null where reference_code = '752-0000104'`);
      const res = await call('POST', '/api/contracts/752-0000104/redemption-offer', erik, { statement: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: '/problems/error-keys', errorKeys: ['customerEmailMissing'] });
    });
  });

  describe('assign', () => {
    it('lists the partner’s profiles on the brand and gives a contract to one of them', async () => {
      const assignees = (await call('GET', '/api/contracts/assignees')).json().properties.assignees as {
        userProfileId: string;
        name: string;
      }[];
      expect(assignees.map((a) => a.name)).toEqual(['Anna Lind', 'Erik Berg', 'Maja Holm', 'Sofia Ek']);
      const res = await call('POST', '/api/contracts/752-0000105/assign', erik, {
        userProfileId: majaProfile,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().properties).toMatchObject({ referenceCode: '752-0000105', ownerName: 'Maja Holm' });
      expect(sorted((await list('', maja)).codes)).toEqual(['752-0000101', '752-0000105']);
      // And back.
      expect(
        (await call('POST', '/api/contracts/752-0000105/assign', erik, { userProfileId: erikProfile }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses profiles of other brands or partners, and bodies without a profile', async () => {
      const other = [
        await profileIdOf(t.db, DEMO.anna, 'SE-NML'),
        await profileIdOf(t.db, DEMO.lukas, 'DE-RBT'),
      ];
      for (const userProfileId of other) {
        const res = await call('POST', '/api/contracts/752-0000102/assign', erik, { userProfileId });
        expect(res.statusCode).toBe(400);
        expect(res.json()['invalid-params']).toEqual([{ name: 'userProfileId', reason: 'invalidAssignee' }]);
      }
      expect((await call('POST', '/api/contracts/752-0000102/assign', erik, {})).statusCode).toBe(400);
      expect(
        (await call('POST', '/api/contracts/752-0000102/assign', lukas, { userProfileId: erikProfile }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('quick search', () => {
    const search = (text: string, headers = erik) =>
      call('GET', `/api/search/quicksearch?searchText=${encodeURIComponent(text)}`, headers);

    it('finds contracts by customer, sublessee or reference code, scoped like the list', async () => {
      const res = await search('fjällbuss');
      expect(res.statusCode).toBe(200);
      expect(res.json().properties.contractReadModels).toEqual([
        expect.objectContaining({
          referenceCode: '752-0000103',
          customerName: 'Kiruna Fjällbuss AB',
          state: 'expiringSoon',
          isSubLease: false,
          startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
      ]);
      const codes = async (text: string, headers = erik) =>
        (await search(text, headers))
          .json()
          .properties.contractReadModels.map((c: { referenceCode: string }) => c.referenceCode);
      expect(await codes('Fiskhall')).toEqual(['752-0000108']);
      expect(await codes('0000106')).toEqual(['752-0000106']);
      expect(await codes('fjällbuss', maja)).toEqual([]);
      expect(await codes('öresund', maja)).toEqual(['752-0000101']);
      expect(await codes('fjällbuss', lukas)).toEqual([]);
      expect(await codes('richter', lukas)).toEqual(['276-0000201']);
      // Calculations are still found beside them.
      expect((await search('trycksaker')).json().properties).toMatchObject({ contractReadModels: [] });
    });
  });
});
