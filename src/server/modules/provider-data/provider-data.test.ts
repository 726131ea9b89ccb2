import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../domain/provider-data';
import { createFirstAdmin } from '../../admin/first-admin';
import { ROOT_DIR } from '../../config';
import { conditionListsOf, objectTypesOf } from '../../demo/conditions';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';
import { approvedCalculation, savedCalculation, UNDERWRITER } from '../../test/fixtures';
import { workbookFrom, workbookOf } from '../../test/workbook';
import { XLSX_TYPE } from './routes';

const PROVIDER_ADMIN = 'peter.krause@provider.example';
const EXAMPLE = JSON.parse(readFileSync(path.join(ROOT_DIR, 'docs/examples/provider-data.json'), 'utf8')) as {
  brands: { brandId: string }[];
};
type Problem = { where: string; field: string; message: string };

/** The Swedish demo brand's price list as the demo loads it, `change` applied to it. */
function priceList(change: (lists: ReturnType<typeof conditionListsOf>) => void = () => {}) {
  const lists = conditionListsOf('SE-NOS', 'SEK').map((l) => ({ ...l, id: l.id }));
  change(lists);
  return { brands: [{ brandId: 'SE-NOS', objectTypeIds: objectTypesOf('office'), conditionLists: lists }] };
}

describe.each(DB_KINDS)('the provider data (%s)', (kind) => {
  let t: TestApp;
  let provider: Record<string, string>;
  let anna: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    provider = { authorization: `Bearer ${await t.token(PROVIDER_ADMIN)}` };
    anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
  });
  afterAll(() => t.close());

  /** A workbook as it is, JSON as text (an object is written as JSON). */
  const load = (body: object | Buffer | string, headers = provider, query = '') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/provider/data${query}`,
      headers: { ...headers, 'content-type': Buffer.isBuffer(body) ? XLSX_TYPE : 'application/json' },
      payload: Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body),
    });
  const loaded = async (body: object | Buffer, query = '') => {
    const res = await load(body, provider, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ properties: ImportSummary }>().properties;
  };
  const problems = async (body: object | Buffer | string) => {
    const res = await load(body);
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ problems: Problem[] }>().problems;
  };
  const view = async (query = '') =>
    (await t.app.inject({ url: `/api/calculationView${query}`, headers: anna })).json<{
      properties: { conditionLists: { id: string }[]; variantConditionList?: { id: string } };
      actions: { name: string }[];
    }>();
  const calculate = (listId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calculate/${listId}`,
      headers: anna,
      payload: {
        navBasedCalculation: true,
        netAcquisitionValueAmount: 10_000,
        productId: 'SE-NOS-VA',
        financingObjects: [{ objectTypeId: 'OT-LAPTOP', quantity: 1 }],
      },
    });

  it('loads a changed list as a new version: new calculations use it, a saved one keeps its own', async () => {
    const saved = await savedCalculation(t, anna, 'Versioner AB');
    const before = (await t.app.inject({ url: saved.href, headers: anna })).json().properties
      .calculationResults;
    const oldInstalment = (await calculate('SE-NOS-VA-C3')).json().properties.results[0]
      .netAcquisitionInstallmentAmount;

    const summary = await loaded(
      priceList((lists) => {
        lists.find((l) => l.id === 'SE-NOS-VA-C3')!.rateBands = [
          { navFrom: 0, navTo: 250_000, annualRatePercent: 14 },
        ];
      }),
    );
    expect(summary.brands[0]!.conditionLists).toEqual({ added: 0, changed: 1, unchanged: 12, removed: 0 });
    expect(summary.brands[0]!.objectTypes).toMatchObject({ added: 0, removed: 0 });

    const ids = (await view()).properties.conditionLists.map((l) => l.id);
    expect(ids).toContain('SE-NOS-VA-C3~2');
    expect(ids).not.toContain('SE-NOS-VA-C3');
    // This copy sees the new version at once (the other copies when the load's NOTIFY arrives).
    const newer = (await calculate('SE-NOS-VA-C3~2')).json().properties;
    expect(newer.results[0].netAcquisitionInstallmentAmount).toBeGreaterThan(oldInstalment);
    // An editor opened before the load asks with the old id: it is calculated with the new version.
    const stale = (await calculate('SE-NOS-VA-C3')).json().properties;
    expect(stale).toEqual(newer);
    expect(stale.conditionListId).toBe('SE-NOS-VA-C3~2');
    expect((await calculate('SE-NOS-NO-SUCH')).statusCode).toBe(404);

    // The saved calculation is as it was, and its editor still knows the list it was made with.
    expect(
      (await t.app.inject({ url: saved.href, headers: anna })).json().properties.calculationResults,
    ).toEqual(before);
    const editor = await view(
      `?calculationSetId=${saved.calculationSetId}&calculationVariantId=${saved.calculationVariantId}`,
    );
    expect(editor.properties.variantConditionList?.id).toBe('SE-NOS-VA-C3');
    // Saved again, it is calculated anew, with the version offered now.
    const props = (await t.app.inject({ url: saved.href, headers: anna })).json().properties;
    const resaved = await t.app.inject({
      method: 'PUT',
      url: saved.href,
      headers: anna,
      payload: {
        calculationVariant: props.calculationVariant,
        applicant: props.applicant,
        supplier: props.supplier,
      },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(resaved.json().properties.calculationVariant.conditionListId).toBe('SE-NOS-VA-C3~2');
    expect(resaved.json().properties.calculationResults).not.toEqual(before);

    // The same file again changes nothing: no third version.
    const again = await loaded(
      priceList((lists) => {
        lists.find((l) => l.id === 'SE-NOS-VA-C3')!.rateBands = [
          { navFrom: 0, navTo: 250_000, annualRatePercent: 14 },
        ];
      }),
    );
    expect(again.brands[0]!.conditionLists).toEqual({ added: 0, changed: 0, unchanged: 13, removed: 0 });
    const versions = await t.db.query(
      `select id from condition_lists where list_key = 'SE-NOS-VA-C3' order by version`,
    );
    expect(versions).toEqual([{ id: 'SE-NOS-VA-C3' }, { id: 'SE-NOS-VA-C3~2' }]);
  });

  it('keeps a decided variant on the version it was decided on when it is saved again', async () => {
    const approved = await approvedCalculation(t, anna, 'Beslutad AB');
    const before = (await t.app.inject({ url: approved.href, headers: anna })).json().properties;
    await loaded(
      priceList((lists) => {
        lists.find((l) => l.id === 'SE-NOS-VA-C3')!.rateBands = [
          { navFrom: 0, navTo: 250_000, annualRatePercent: 15 },
        ];
      }),
    );
    const current = (await view()).properties.conditionLists.find((l) => l.id.startsWith('SE-NOS-VA-C3'))!.id;
    // The editor names the version it offers now; only the name changes.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: approved.href,
      headers: anna,
      payload: {
        calculationVariant: { ...before.calculationVariant, name: 'Renamed', conditionListId: current },
        applicant: before.applicant,
        supplier: before.supplier,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = renamed.json().properties;
    expect(after.state).toBe('readyToSign');
    expect(after.calculationVariant.conditionListId).toBe(before.calculationVariant.conditionListId);
    expect(after.calculationResults).toEqual(before.calculationResults);
  });

  it('retires a list the price list no longer names; a dry run counts and changes nothing', async () => {
    const without = priceList((lists) =>
      lists.splice(
        lists.findIndex((l) => l.id === 'SE-NOS-MK-C0'),
        1,
      ),
    );
    const dry = await loaded(without, '?dryRun=true');
    expect(dry.dryRun).toBe(true);
    expect(dry.brands[0]!.conditionLists.removed).toBe(1);
    expect((await view()).properties.conditionLists.map((l) => l.id)).toContain('SE-NOS-MK-C0');

    expect((await loaded(without)).brands[0]!.conditionLists.removed).toBe(1);
    expect((await view()).properties.conditionLists.map((l) => l.id)).not.toContain('SE-NOS-MK-C0');
  });

  it('gives a list counted services by its product type where the provider does not say', async () => {
    const withoutFlag = priceList((lists) => {
      for (const l of lists)
        delete (l as { isCountedServicesAvailable?: boolean }).isCountedServicesAvailable;
    });
    // The demo says what the product types give (DAS lists have them, others not): the same load.
    expect(await loaded(withoutFlag, '?dryRun=true')).toEqual(await loaded(priceList(), '?dryRun=true'));
    const lists = withoutFlag.brands[0]!.conditionLists;
    expect(lists.filter((l) => l.productType.includes('DAS')).length).toBeGreaterThan(0);
    const das = lists.findIndex((l) => l.productType.includes('DAS'));
    const refused = priceList((lists) => {
      lists[das]!.isCountedServicesAvailable = false;
    });
    expect(await problems(refused)).toEqual([
      {
        where: `brands.0.conditionLists.${das}`,
        field: 'isCountedServicesAvailable',
        message: 'a DAS product type has counted services',
      },
    ]);
  });

  it('names every problem by its path and loads nothing of a file that has one', async () => {
    const before = await t.db.query('select id, retired_at from condition_lists order by brand_id, id');
    const file = {
      ...priceList((lists) => {
        lists[0]!.defaultPeriod = 7;
        lists[1]!.currencyCode = 'EUR';
      }),
    };
    file.brands.push({ brandId: 'NO-SUCH', objectTypeIds: ['OT-NOWHERE'], conditionLists: [] });
    file.brands[0]!.objectTypeIds.push('OT-NOWHERE');
    const found = await problems(file);
    expect(found).toEqual(
      expect.arrayContaining([
        { where: 'brands.0.conditionLists.0', field: 'defaultPeriod', message: 'must be one of periods' },
      ]),
    );
    // The schema's problems come first; the database's are named once the file is well formed.
    file.brands[0]!.conditionLists[0]!.defaultPeriod = 36;
    expect(await problems(file)).toEqual(
      expect.arrayContaining([
        { where: 'brands.0.conditionLists.1', field: 'currencyCode', message: 'the brand calculates in SEK' },
        {
          where: 'brands.0',
          field: `objectTypeIds.${file.brands[0]!.objectTypeIds.length - 1}`,
          message: 'no object type OT-NOWHERE',
        },
        { where: 'brands.1', field: 'brandId', message: 'no partner brand NO-SUCH' },
      ]),
    );
    expect(await problems('{"brands": [')).toEqual([
      expect.objectContaining({ where: 'file', message: expect.stringMatching(/^not JSON/) }),
    ]);
    expect(await t.db.query('select id, retired_at from condition_lists order by brand_id, id')).toEqual(
      before,
    );
  });

  it('reads the workbook, naming a problem by its sheet, row and column', async () => {
    const refused = await problems(
      await workbookOf({
        ConditionLists: [
          ['brandId', 'id', 'productId', 'commission'],
          ['SE-NOS', 'X-1', 'SE-NOS-VA', 'lots'],
        ],
        RateBands: [
          ['brandId', 'listId', 'navFrom', 'navTo', 'annualRatePercent'],
          ['SE-NOS', 'X-2', 0, 1000, 5],
        ],
        Prices: [['x']],
      }),
    );
    expect(refused).toEqual(
      expect.arrayContaining([
        { where: 'sheet Prices', field: '', message: expect.stringMatching(/^not a sheet/) },
        {
          where: 'RateBands row 2',
          field: 'listId',
          message: 'no list X-2 of brand SE-NOS in ConditionLists',
        },
        expect.objectContaining({ where: 'ConditionLists row 2', field: 'commission' }),
        expect.objectContaining({ where: 'ConditionLists row 2', field: 'productType' }),
      ]),
    );
  });

  it('loads the documented example from its workbook: a new brand calculates in its own lists', async () => {
    await createFirstAdmin(t.db, t.config.publicUrl, {
      email: 'frida.forst@kontor.example',
      firstName: 'Frida',
      lastName: 'Först',
      partnerId: '752-30001',
      partnerName: 'Kontor Först AB',
      countryIso: 'SE',
      locale: 'sv-SE',
      brandId: EXAMPLE.brands[0]!.brandId,
      brandName: 'Kontor Först',
      currencyCode: 'SEK',
    });
    const frida = { authorization: `Bearer ${await t.token('frida.forst@kontor.example')}` };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/acceptall', headers: frida })).statusCode,
    ).toBe(204);
    const empty = (await t.app.inject({ url: '/api/calculationView', headers: frida })).json();
    // Without a list nothing can be calculated, and no way to start is offered.
    expect(empty.properties.conditionLists).toEqual([]);
    expect(empty.properties.calculationProfile.isNewCalculationPossible).toBe(false);
    expect(empty.actions).toEqual([]);

    const summary = await loaded(await workbookFrom(EXAMPLE));
    expect(summary.brands[0]!.conditionLists).toEqual({ added: 2, changed: 0, unchanged: 0, removed: 0 });
    const filled = (await t.app.inject({ url: '/api/calculationView', headers: frida })).json();
    expect(filled.properties.conditionLists.map((l: { id: string }) => l.id)).toEqual(['VA-C0', 'TA-R10-C0']);
    expect(filled.properties.objectTypes.find((o: { id: string }) => o.id === 'OT-MFP').names['sv-SE']).toBe(
      'Multifunktionsskrivare',
    );
    expect(filled.actions.map((a: { name: string }) => a.name)).toEqual(['create-set']);
    // The JSON form of the same file is the same data: nothing changes.
    const same = await loaded(EXAMPLE);
    expect(same.brands[0]!.conditionLists).toMatchObject({ added: 0, changed: 0 });
    expect(same.manufacturers).toMatchObject({ added: 0, changed: 0 });
    expect(same.objectTypes).toMatchObject({ added: 0, changed: 0 });
  });

  it('is loaded by the provider’s administrators only, as JSON or a workbook', async () => {
    const ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
    expect((await load(priceList(), anna)).statusCode).toBe(403);
    expect((await load(priceList(), ulla)).statusCode).toBe(403);
    expect((await load(priceList(), {})).statusCode).toBe(401);
    const text = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/data',
      headers: { ...provider, 'content-type': 'text/csv' },
      payload: 'brandId,id',
    });
    expect(text.statusCode).toBe(415);
  });

  it('keeps the underwriters to the file, with their limits: above one, an underwriter cannot approve', async () => {
    const ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
    const summary = await loaded({
      underwriters: [
        { email: UNDERWRITER, firstName: 'Ulla', lastName: 'Berger', approvalLimits: { SEK: 30_000 } },
        {
          email: 'ny.handlaggare@provider.example',
          firstName: 'Nils',
          lastName: 'Ny',
          approvalLimits: { SEK: 1e6 },
        },
      ],
    });
    // Whoever an earlier load made an underwriter is none any more.
    expect(summary.underwriters).toMatchObject({ added: 1, changed: 1 });
    const underwriters = () =>
      t.db.query<{ email: string }>(
        `select a.email from users u join accounts a on a.id = u.account_id
          where u.partner_id = '000-00001' and u.is_underwriter order by a.email`,
      );
    expect(await underwriters()).toEqual([
      { email: 'ny.handlaggare@provider.example' },
      { email: UNDERWRITER },
    ]);
    const [invitation] = await t.db.query<{ subject: string }>(
      'select subject from mails where recipient = $1',
      ['ny.handlaggare@provider.example'],
    );
    expect(invitation).toBeDefined();

    // A request of 40,000 kr waits for an underwriter; Ulla's limit is 30,000 kr.
    const set = await savedCalculation(t, anna, 'Gränsen AB', 40_000);
    await t.app.inject({
      method: 'PUT',
      url: `${set.href}/toGrenke`,
      headers: anna,
      payload: { sendRequest: true },
    });
    const queue = (await t.app.inject({ url: '/api/backoffice/requests', headers: ulla })).json();
    const item = queue.entities.find(
      (e: { properties: { customerName: string } }) => e.properties.customerName === 'Gränsen AB',
    );
    const detail = (await t.app.inject({ url: item.links[0].href, headers: ulla })).json();
    expect(detail.properties.approvalLimit).toBe(30_000);
    const decide = (decision: object) =>
      t.app.inject({
        method: 'POST',
        url: `${item.links[0].href}/decision`,
        headers: ulla,
        payload: decision,
      });
    const above = await decide({ decision: 'approve' });
    expect(above.statusCode).toBe(400);
    expect(above.json()['invalid-params']).toEqual([{ name: 'decision', reason: 'aboveApprovalLimit' }]);
    expect(
      (await decide({ decision: 'needInformation', infoText: 'The last annual accounts, please.' }))
        .statusCode,
    ).toBe(200);

    // Left out of the next file, Ulla is no underwriter any more.
    const nils = {
      email: 'ny.handlaggare@provider.example',
      firstName: 'Nils',
      lastName: 'Ny',
      approvalLimits: { SEK: 1e6 },
    };
    expect((await loaded({ underwriters: [nils] })).underwriters).toEqual({
      added: 0,
      changed: 0,
      unchanged: 1,
      removed: 1,
    });
    expect(await underwriters()).toEqual([{ email: 'ny.handlaggare@provider.example' }]);
    expect((await t.app.inject({ url: '/api/backoffice/requests', headers: ulla })).statusCode).toBe(403);
  });

  it('takes contracts’ states from the servicing system: the partner sees them, a cleared one follows the calendar', async () => {
    const erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const stateOf = async (code: string) =>
      (await t.app.inject({ url: `/api/contracts/${code}`, headers: erik })).json().properties.contract
        .state as string;
    expect(await stateOf('752-0000102')).toBe('runningContract');

    // A malformed code or state, a code given twice or one the portal does not know: nothing loads.
    expect(
      await problems({
        contracts: [
          { referenceCode: 'seven', state: 'closed' },
          { referenceCode: '752-0000103', state: 'frozen' },
        ],
      }),
    ).toEqual([
      expect.objectContaining({ where: 'contracts.0', field: 'referenceCode' }),
      expect.objectContaining({ where: 'contracts.1', field: 'state' }),
    ]);
    expect(
      await problems({
        contracts: [
          { referenceCode: '752-0000102', state: 'defective' },
          { referenceCode: '752-0000102', state: 'closed' },
        ],
      }),
    ).toEqual([{ where: 'contracts.1', field: 'referenceCode', message: 'given twice' }]);
    expect(
      await problems({
        contracts: [
          { referenceCode: '752-0000102', state: 'defective' },
          { referenceCode: '752-9999999', state: 'locked' },
        ],
      }),
    ).toEqual([{ where: 'contracts.1', field: 'referenceCode', message: 'no contract 752-9999999' }]);
    expect(await stateOf('752-0000102')).toBe('runningContract');

    // A dry run counts and changes nothing; the load sets them, a second one changes none.
    const file = {
      contracts: [
        { referenceCode: '752-0000102', state: 'defective' },
        { referenceCode: '752-0000109', state: 'rescinded' },
      ],
    };
    expect((await loaded(file, '?dryRun=true')).contracts).toEqual({
      added: 0,
      changed: 2,
      unchanged: 0,
      removed: 0,
    });
    expect(await stateOf('752-0000102')).toBe('runningContract');
    expect((await loaded(file)).contracts).toEqual({ added: 0, changed: 2, unchanged: 0, removed: 0 });
    expect(await stateOf('752-0000102')).toBe('defective');
    expect(await stateOf('752-0000109')).toBe('rescinded');
    expect((await loaded(file)).contracts).toMatchObject({ changed: 0, unchanged: 2 });
    // A defective contract is offered no redemption; the list filters by the provider's state.
    const detail = (await t.app.inject({ url: '/api/contracts/752-0000102', headers: erik })).json();
    expect(detail.actions.map((a: { name: string }) => a.name)).not.toContain('make-redemption-offer');
    const redemption = await t.app.inject({
      method: 'POST',
      url: '/api/contracts/752-0000102/redemption-offer',
      headers: erik,
      payload: { statement: '' },
    });
    expect(redemption.statusCode, redemption.body).toBe(409);
    const listed = (
      await t.app.inject({ url: '/api/contracts?states=defective&states=rescinded', headers: erik })
    ).json();
    expect(
      listed.entities
        .map((e: { properties: { referenceCode: string } }) => e.properties.referenceCode)
        .sort(),
    ).toEqual(['752-0000102', '752-0000109']);

    // From the workbook: a row without a state gives the contract back to the calendar.
    const summary = await loaded(
      await workbookOf({
        Contracts: [
          ['referenceCode', 'state'],
          ['752-0000102', null],
          ['752-0000109', ''],
          ['752-0000103', ' Locked '],
        ],
      }),
    );
    expect(summary.contracts).toMatchObject({ changed: 3 });
    expect(await stateOf('752-0000102')).toBe('runningContract');
    expect(await stateOf('752-0000109')).toBe('unknown');
    expect(await stateOf('752-0000103')).toBe('locked');
    await loaded({ contracts: [{ referenceCode: '752-0000103', state: null }] });
    expect(await stateOf('752-0000103')).toBe('expiringSoon');
    expect(
      (await load({ contracts: [{ referenceCode: '752-0000102', state: 'locked' }] }, anna)).statusCode,
    ).toBe(403);
  });
});
