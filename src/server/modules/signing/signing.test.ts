import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant, demoSupplier } from '../../demo/applicants';
import { extractText } from '../../integrations/pdf/pdf-text';
import { migrate } from '../../db/migrate';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';

const UNDERWRITER = 'ulla.berger@provider.example';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

describe.each(DB_KINDS)('paper contract, contract start and the provider check (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let ulla: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = erik) =>
    t.app.inject({ method, url, headers, payload });
  const stateOf = async (href: string) => (await call('GET', href)).json().properties.state as string;

  /** An approved calculation (instant decision) of Erik's. */
  async function approved() {
    const res = await call('POST', '/api/calculationSets', {
      calculationVariant: {
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: 9_000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
      applicant: demoApplicant('Pappersbolaget AB', 'SE'),
      supplier: demoSupplier('SE'),
    });
    const p = res.json().properties;
    const href = `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}`;
    await call('PUT', `${href}/toGrenke`, { sendRequest: true });
    for (let k = 0; k < 100 && (await stateOf(href)) !== 'readyToSign'; k++)
      await new Promise((r) => setTimeout(r, 100));
    return { href, setId: p.calculationSetId as string };
  }
  const attach = (setId: string, documentType: string) =>
    call('POST', `/api/calculationSets/${setId}/documents/base64?documentType=${documentType}`, {
      fileName: `${documentType}.pdf`,
      fileContent: PDF.toString('base64'),
    });

  it('prints the contract, needs the signed papers for the start, and the provider check makes a contract', async () => {
    const { href, setId } = await approved();
    expect(await stateOf(href)).toBe('readyToSign');
    expect((await call('POST', `${href}/contract-start`)).statusCode).toBe(409);

    const printed = await call('PUT', `${href}/paperContract`);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(await stateOf(href)).toBe('contractPrinted');
    const download = printed.json().actions.find((a: { name: string }) => a.name === 'get-document-details');
    const text = await extractText(
      Buffer.from((await call('GET', download.href)).json().contentAsBase64, 'base64'),
    );
    expect(text).toContain('Leasingavtal');
    expect(text).toContain('Pappersbolaget AB');
    expect(text).toContain('Karin Lindqvist');

    const early = await call('POST', `${href}/contract-start`);
    expect(early.statusCode).toBe(400);
    expect(early.json().errorKeys).toEqual(['agreementMissing', 'deliveryMissing']);
    expect((await attach(setId, 'agreement')).statusCode).toBe(201);
    expect((await attach(setId, 'delivery')).statusCode).toBe(201);
    const started = await call('POST', `${href}/contract-start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().properties.state).toBe('applicationReceived');

    // The provider finds a paper missing; the partner adds it and sends again.
    expect((await call('GET', '/api/backoffice/applications')).statusCode).toBe(403);
    const queue = (await call('GET', '/api/backoffice/applications', undefined, ulla)).json();
    const check = queue.entities.find(
      (e: { properties: { calculationSetId: string } }) => e.properties.calculationSetId === setId,
    ).actions[0].href as string;
    expect((await call('POST', check, { complete: false }, ulla)).statusCode).toBe(400);
    const missing = await call('POST', check, { complete: false, missingDocuments: ['identity'] }, ulla);
    expect(missing.json().properties.state).toBe('missingApplicationInfo');
    expect(await stateOf(href)).toBe('missingApplicationInfo');
    expect((await call('POST', check, { complete: true }, ulla)).statusCode).toBe(409);

    await attach(setId, 'identity');
    expect((await call('POST', `${href}/contract-start`)).json().properties.state).toBe(
      'applicationReceived',
    );
    const next = (await call('GET', '/api/backoffice/applications', undefined, ulla)).json();
    const again = next.entities.find(
      (e: { properties: { calculationSetId: string } }) => e.properties.calculationSetId === setId,
    ).actions[0].href as string;
    const done = await call('POST', again, { complete: true }, ulla);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().properties.referenceCode).toMatch(/^752-\d{7}$/);
    expect(await stateOf(href)).toBe('contracted');
    const [contract] = await t.db.query<{ customerName: string }>(
      'select customer_name as "customerName" from contracts where reference_code = $1',
      [done.json().properties.referenceCode],
    );
    expect(contract?.customerName).toBe('Pappersbolaget AB');
    // The new contract is in the list and can be redeemed: it carries its financing.
    const ref = done.json().properties.referenceCode as string;
    const shown = await call('GET', `/api/contracts/${ref}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const offer = await call('GET', `/api/contracts/${ref}/redemption-offer`);
    expect(offer.statusCode, offer.body).toBe(200);
    // Nothing paid yet: about the financed 9,000 kr plus the fee, at least 1,000 kr in kronor.
    expect(offer.json().properties.fee).toBe(1_000);
    expect(offer.json().properties.total).toBeGreaterThan(10_000);
    expect(offer.json().properties.total).toBeLessThan(10_300);
  });

  it('a change after printing needs a new paper; a change of what was decided needs a new decision', async () => {
    const { href, setId } = await approved();
    await call('PUT', `${href}/paperContract`);
    for (const documentType of ['agreement', 'delivery']) await attach(setId, documentType);
    const variant = (await call('GET', href)).json().properties;
    const save = (change: (v: Record<string, unknown>) => Record<string, unknown>) =>
      call('PUT', `${href}?forceUpdate=true`, {
        calculationVariant: change(variant.calculationVariant),
        applicant: variant.applicant,
        supplier: variant.supplier,
      });

    // A name is not on the paper (started() shows the paper still goes); the supplier is.
    expect((await save((v) => ({ ...v, name: 'Renamed' }))).json().properties.state).toBe('contractPrinted');
    // The supplier is no decided input: the contract stays printed, its old paper does not.
    const resupplied = await call('PUT', `${href}?forceUpdate=true`, {
      calculationVariant: variant.calculationVariant,
      applicant: variant.applicant,
      supplier: { ...variant.supplier, name: 'Annan Leverantör AB' },
    });
    expect(resupplied.json().properties?.state, resupplied.body).toBe('contractPrinted');
    const refused = await call('POST', `${href}/contract-start`);
    expect(refused.json().errorKeys).toEqual(['contractOutdated']);
    await call('PUT', `${href}/paperContract`);
    for (const documentType of ['agreement', 'delivery']) await attach(setId, documentType);
    expect((await call('GET', href)).json().properties.state).toBe('contractPrinted');

    // A new NAV was not decided on: the provider must decide again.
    const changed = await save((v) => ({ ...v, inputValue: 9_500 }));
    expect(changed.json().properties.state).toBe('changedAfterStatement');
    expect((await call('POST', `${href}/contract-start`)).statusCode).toBe(409);
  });

  /** A calculation whose contract was printed, renamed (not on the paper), signed on paper and started. */
  async function started() {
    const { href, setId } = await approved();
    await call('PUT', `${href}/paperContract`);
    for (const documentType of ['agreement', 'delivery']) await attach(setId, documentType);
    const printed = (await call('GET', href)).json().properties;
    await call('PUT', `${href}?forceUpdate=true`, {
      calculationVariant: { ...printed.calculationVariant, name: 'Printed' },
      applicant: printed.applicant,
      supplier: printed.supplier,
    });
    const start = await call('POST', `${href}/contract-start`);
    expect(start.json().properties.state, start.body).toBe('applicationReceived');
    return { href, setId, shown: start.json().properties };
  }
  const checkOf = async (setId: string) =>
    (await call('GET', '/api/backoffice/applications', undefined, ulla))
      .json()
      .entities.find(
        (e: { properties: { calculationSetId: string } }) => e.properties.calculationSetId === setId,
      ).actions[0].href as string;

  it('from the contract start on, what the contract shows cannot change, forced or not', async () => {
    const { href, setId, shown } = await started();
    const body = (change: Record<string, unknown> = {}, parties: Record<string, unknown> = {}) => ({
      calculationVariant: { ...shown.calculationVariant, ...change },
      applicant: shown.applicant,
      supplier: shown.supplier,
      ...parties,
    });
    const lockedAgainst = async (state: string) => {
      for (const url of [href, `${href}?forceUpdate=true`]) {
        const nav = await call('PUT', url, body({ inputValue: 20_000 }));
        expect(nav.statusCode, nav.body).toBe(409);
        expect(nav.json()).toMatchObject({ errorKeys: ['contractLocked'], canForce: false, state });
      }
      const refusals = [
        await call('PUT', `${href}?forceUpdate=true`, body({ paymentFrequency: 'quarterly' })),
        await call(
          'PUT',
          `${href}?forceUpdate=true`,
          body({}, { supplier: { ...shown.supplier, name: 'X AB' } }),
        ),
        await call('PUT', `${href}/applicant?forceUpdate=true`, { ...shown.applicant, name: 'Annat AB' }),
      ];
      for (const r of refusals) expect(r.json().errorKeys, r.body).toEqual(['contractLocked']);
      // A name is not on the contract: it may change, forced, and the state stays.
      const renamed = await call('PUT', `${href}?forceUpdate=true`, body({ name: `In ${state}` }));
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().properties.state).toBe(state);
    };
    await lockedAgainst('applicationReceived');
    // A second variant of the set cannot change the contract's customer either.
    const second = await call('POST', `/api/calculationSets/${setId}/calculationVariant`, {
      copyOf: shown.calculationVariantId,
    });
    const secondHref = `/api/calculationSets/${setId}/calculationVariant/${second.json().properties.calculationVariantId}`;
    const other = await call(
      'PUT',
      secondHref,
      body({}, { applicant: { ...shown.applicant, name: 'Annat AB' } }),
    );
    expect(other.json()).toMatchObject({ errorKeys: ['contractLocked'], state: 'applicationReceived' });

    await call('POST', await checkOf(setId), { complete: false, missingDocuments: ['identity'] }, ulla);
    await lockedAgainst('missingApplicationInfo');
    await attach(setId, 'identity');
    await call('POST', `${href}/contract-start`);
    const booked = await call('POST', await checkOf(setId), { complete: true }, ulla);
    expect(booked.statusCode, booked.body).toBe(200);
    const [contract] = await t.db.query<{ nav: string }>(
      'select nav::text as nav from contracts where reference_code = $1',
      [booked.json().properties.referenceCode],
    );
    expect(Number(contract?.nav)).toBe(9_000);
  });

  it('the provider books only what the signed paper shows', async () => {
    const { href, setId } = await started();
    // Figures that differ from the paper, however they came about, are not booked.
    await t.db.query(
      `update calculation_variants set payload = jsonb_set(payload, '{inputValue}', '20000')
        where calculation_set_id = $1`,
      [setId],
    );
    const refused = await call('POST', await checkOf(setId), { complete: true }, ulla);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorKeys).toEqual(['contractOutdated']);
    expect(await stateOf(href)).toBe('applicationReceived');
  });

  it('a contract started before papers were kept (migration 030) is taken to match its paper', async () => {
    const { href, setId } = await started();
    await t.db.query('update calculation_variants set paper_figures = null where calculation_set_id = $1', [
      setId,
    ]);
    await t.db.query(`delete from schema_migrations where name = '030_paper_figures.sql'`);
    expect(await migrate(t.db)).toEqual(['030_paper_figures.sql']);
    const booked = await call('POST', await checkOf(setId), { complete: true }, ulla);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await stateOf(href)).toBe('contracted');
  });

  it("another partner's calculation cannot be printed; a quote cannot be printed", async () => {
    const { href } = await approved();
    const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    expect((await call('PUT', `${href}/paperContract`, undefined, lukas)).statusCode).toBe(404);
    const quote = await call('POST', '/api/calculationSets', {
      calculationVariant: {
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: 9_000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
      applicant: demoApplicant('Offertbolaget AB', 'SE'),
      supplier: demoSupplier('SE'),
    });
    const p = quote.json().properties;
    const res = await call(
      'PUT',
      `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}/paperContract`,
    );
    expect(res.statusCode).toBe(409);
  });
});
