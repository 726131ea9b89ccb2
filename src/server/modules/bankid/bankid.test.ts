import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant, demoSupplier } from '../../demo/applicants';
import { approvedCalculation } from '../../test/fixtures';
import Fastify from 'fastify';
import { DB_KINDS, DEMO, openTestDb, startTestApp, testConfig, type TestApp } from '../../test/harness';
import { wireBankId } from './wire';

/** A valid personal number from its first 11 digits (the check digit added). */
function pnr(first11: string): string {
  let sum = 0;
  for (let i = 2; i < 11; i++) {
    let d = Number(first11[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${first11}${(10 - (sum % 10)) % 10}`;
}

describe.each(DB_KINDS)('BankID signing through the simulator (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = erik) =>
    t.app.inject({ method, url, headers, payload });
  const variantOf = async (href: string) => (await call('GET', href)).json();
  const stateOf = async (href: string) => (await variantOf(href)).properties.state as string;
  const names = async (href: string) =>
    ((await variantOf(href)).actions as { name: string }[]).map((a) => a.name);
  const signee = (firstName: string, email: string, personalNumber?: string) => ({
    firstName,
    lastName: 'Test',
    email,
    ...(personalNumber ? { personalNumber } : {}),
  });

  const approved = (name: string, nav?: number) => approvedCalculation(t, erik, name, nav);

  const status = async (href: string) => {
    const res = await call('GET', `${href}/bankid/status`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The simulated app: opened with the status's appUrl, then Sign (or Cancel). */
  async function inApp(appUrl: string, action: 'approve' | 'cancel', personalNumber = '') {
    const page = await t.app.inject({ url: appUrl });
    expect(page.statusCode, page.body).toBe(200);
    const session = /name="session" value="([^"]+)"/.exec(page.body)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/bankid-sim/app/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session, personalNumber }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return page.body;
  }

  it('two customer signees, then the delivery confirmation: applicationReceived', async () => {
    const { href, variantId } = await approved(`Bankidbolaget ${kind} AB`, 40_000);
    expect(await names(href)).toContain('change-to-bankId');
    const anna = pnr(`1980010123${kind === 'pglite' ? 8 : 7}`);

    const started = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [
        signee('Anna', `anna.${kind}@kund.example`, anna),
        signee('Bo', `bo.${kind}@kund.example`),
      ],
      withDeliveryConfirmation: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'pending',
      hintCode: 'outstandingTransaction',
      signee: { firstName: 'Anna', lastName: 'Test', email: `anna.${kind}@kund.example` },
      role: 'customer',
      position: 1,
      of: 3,
      state: 'awaitingCustomerSignature',
      qrCode: expect.stringMatching(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/),
      appUrl: expect.stringMatching(/^\/bankid-sim\/app\?autostarttoken=/),
      actions: [{ name: 'bankid-cancel', method: 'PUT', href: `${href}/bankid/cancel` }],
    });
    expect(started.json().signee.personalNumber).toBeUndefined();
    expect(JSON.stringify(started.json())).not.toMatch(/qrStartSecret/);
    expect(await stateOf(href)).toBe('awaitingCustomerSignature');
    expect(await names(href)).toEqual(expect.arrayContaining(['bankid-status', 'change-to-papercontract']));
    expect(await names(href)).not.toContain('change-to-bankId');

    // Repeated polls keep the same order; opening the app turns the hint to userSign.
    const first = await status(href);
    expect(first.autoStartToken).toBe(started.json().autoStartToken);
    const page = await inApp(first.appUrl, 'approve', anna);
    // In the Swedish customer's language, with Swedish number formats.
    expect(page).toContain('Leasingavtal');
    expect(page).toMatch(/Nettoanskaffningsvärde 40\s000,00\skr, 36 månader, avgift [\d\s]+,\d\d\skr\./);
    expect(page).toContain('Undertecknat av Anna Test.');

    // Concurrent polls start the next order once.
    const polls = await Promise.all([1, 2, 3, 4, 5].map(() => status(href)));
    const second = await status(href);
    expect(second).toMatchObject({
      status: 'pending',
      role: 'customer',
      position: 2,
      of: 3,
      signee: { firstName: 'Bo' },
      state: 'awaitingCustomerSignature',
    });
    for (const p of polls.filter((x) => x.position === 2))
      expect(p.autoStartToken).toBe(second.autoStartToken);
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from bankid_orders where calculation_variant_id = $1',
      [variantId],
    );
    expect(row?.n).toBe(2);

    // Bo's order is for anybody: the app asks for the number.
    await inApp(second.appUrl, 'approve', pnr('1975060512'.padEnd(11, '3')));
    const delivery = await status(href);
    expect(delivery).toMatchObject({
      status: 'pending',
      role: 'delivery',
      position: 3,
      of: 3,
      signee: { firstName: 'Anna' },
      state: 'awaitingDeliveryConfirmation',
    });
    expect(await inApp(delivery.appUrl, 'approve', anna)).toContain('Leveransgodkännande för leasingavtal');
    const done = await status(href);
    expect(done).toMatchObject({
      status: 'complete',
      hintCode: null,
      qrCode: null,
      appUrl: null,
      state: 'applicationReceived',
      actions: [],
    });
    expect(await stateOf(href)).toBe('applicationReceived');
    const apps = await t.db.query<{ method: string; status: string }>(
      'select signing_method as method, status from applications where calculation_variant_id = $1',
      [variantId],
    );
    expect(apps).toEqual([{ method: 'bankid', status: 'open' }]);
    const orders = await t.db.query<{ status: string; signature: string }>(
      `select status, completion_data->>'signature' as signature from bankid_orders
        where calculation_variant_id = $1 order by seq`,
      [variantId],
    );
    expect(orders.map((o) => o.status)).toEqual(['complete', 'complete', 'complete']);
    expect(orders.every((o) => o.signature.length > 20)).toBe(true);
    // Asking again changes nothing.
    expect(await status(href)).toMatchObject({ status: 'complete', state: 'applicationReceived' });
  });

  it('without delivery confirmation the signing ends awaiting the delivery (the partner sends the start)', async () => {
    const { href } = await approved('Utanleverans AB');
    const started = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [signee('Cilla', `cilla.${kind}@kund.example`)],
      withDeliveryConfirmation: false,
    });
    expect(started.json()).toMatchObject({ position: 1, of: 1 });
    await inApp(started.json().appUrl, 'approve', pnr('1990020212'.padEnd(11, '5')));
    expect(await status(href)).toMatchObject({ status: 'complete', state: 'awaitingDeliveryConfirmation' });
    expect(await names(href)).toContain('send-contract-start');
  });

  it('the signer cancels in the app: failed userCancel, ready to sign again', async () => {
    const { href } = await approved('Avbrytarna AB');
    const started = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [signee('David', `david.${kind}@kund.example`)],
      withDeliveryConfirmation: true,
    });
    await inApp(started.json().appUrl, 'cancel');
    expect(await status(href)).toMatchObject({
      status: 'failed',
      hintCode: 'userCancel',
      state: 'readyToSign',
      qrCode: null,
      actions: [],
    });
    expect(await stateOf(href)).toBe('readyToSign');
    expect(await names(href)).toContain('change-to-bankId');
    // The page's old status link still answers the ended signing.
    expect(await status(href)).toMatchObject({ status: 'failed', hintCode: 'userCancel' });
  });

  it("a cancelled delivery confirmation keeps the customer's signature: the partner's delivery note can confirm it", async () => {
    const { href } = await approved('Leveransavbrott AB');
    const person = pnr('1985030312'.padEnd(11, '4'));
    const started = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [signee('Frida', `frida.${kind}@kund.example`, person)],
      withDeliveryConfirmation: true,
    });
    await inApp(started.json().appUrl, 'approve', person);
    const delivery = await status(href);
    expect(delivery).toMatchObject({
      status: 'pending',
      role: 'delivery',
      state: 'awaitingDeliveryConfirmation',
    });
    await inApp(delivery.appUrl, 'cancel');
    expect(await status(href)).toMatchObject({
      status: 'failed',
      hintCode: 'userCancel',
      role: 'delivery',
      state: 'awaitingDeliveryConfirmation',
    });
    expect(await stateOf(href)).toBe('awaitingDeliveryConfirmation');
    expect(await names(href)).toContain('send-contract-start');
  });

  it('the partner cancels: the order is cancelled at BankID, ready to sign again', async () => {
    const { href } = await approved('Partneravbrott AB');
    const started = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [signee('Eva', `eva.${kind}@kund.example`)],
      withDeliveryConfirmation: true,
    });
    const cancelled = await call('PUT', `${href}/bankid/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().properties.state).toBe('readyToSign');
    expect(await status(href)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
    expect((await t.app.inject({ url: started.json().appUrl })).statusCode).toBe(410);
    expect((await call('PUT', `${href}/bankid/cancel`)).statusCode).toBe(409);
  });

  it('a second order for the same person: 409 alreadyInProgress; BankID ended the first one too', async () => {
    const one = await approved('Förstabolaget AB');
    const two = await approved('Andrabolaget AB');
    const same = pnr(`1985030312${kind === 'pglite' ? 1 : 2}`);
    const first = await call('POST', `${one.href}/bankid/start`, {
      customerContractSignees: [signee('Fia', `fia.${kind}@kund.example`, same)],
      withDeliveryConfirmation: true,
    });
    expect(first.statusCode).toBe(200);
    const refused = await call('POST', `${two.href}/bankid/start`, {
      customerContractSignees: [signee('Fia', `fia.${kind}@kund.example`, same)],
      withDeliveryConfirmation: true,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errorKeys).toEqual(['alreadyInProgress']);
    expect(await stateOf(two.href)).toBe('readyToSign');
    expect((await call('GET', `${two.href}/bankid/status`)).statusCode).toBe(404);
    expect(await status(one.href)).toMatchObject({
      status: 'failed',
      hintCode: 'cancelled',
      state: 'readyToSign',
    });
  });

  it('refuses invalid signees, a variant not ready to sign, and other partners', async () => {
    const { href, setId, variantId } = await approved('Kontrollbolaget AB');
    const invalid = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [signee('Gun', 'not-an-address', '198001012385')],
      withDeliveryConfirmation: true,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().validationKeys).toEqual(
      expect.arrayContaining(['illegalEmail', 'illegalPersonalNumber']),
    );
    const equal = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [signee('Gun', 'gun@kund.example'), signee('Gun', 'GUN@kund.example')],
      withDeliveryConfirmation: true,
    });
    expect(equal.statusCode).toBe(400);
    expect(equal.json().validationKeys).toEqual(['signeeContactsEqual']);
    // An instant decision allows one customer signee only.
    const two = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: ['a', 'b'].map((x) => signee(x, `${x}@kund.example`)),
      withDeliveryConfirmation: true,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()['invalid-params']).toEqual([
      { name: 'customerContractSignees', reason: 'tooManySignees' },
    ]);
    const three = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: ['a', 'b', 'c'].map((x) => signee(x, `${x}@kund.example`)),
      withDeliveryConfirmation: true,
    });
    expect(three.statusCode).toBe(400);

    const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    const body = {
      customerContractSignees: [signee('Hans', 'hans@kund.example')],
      withDeliveryConfirmation: true,
    };
    expect((await call('POST', `${href}/bankid/start`, body, lukas)).statusCode).toBe(404);
    expect((await call('GET', `${href}/bankid/status`, undefined, lukas)).statusCode).toBe(404);
    expect((await call('PUT', `${href}/bankid/cancel`, undefined, lukas)).statusCode).toBe(404);
    expect((await call('GET', `${href}/bankid/status`)).statusCode).toBe(404);

    // A paper contract first: BankID may still start from contractPrinted; not from inWork.
    const inWork = await call('POST', '/api/calculationSets', {
      calculationVariant: {
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: 9_000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
      applicant: demoApplicant('Ickeklar AB', 'SE'),
      supplier: demoSupplier('SE'),
    });
    const p = inWork.json().properties;
    const notReady = await call(
      'POST',
      `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}/bankid/start`,
      body,
    );
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().errorKeys).toEqual(['invalidCurrentState']);
    expect(setId && variantId).toBeTruthy();
  });

  it('a change of the calculation during signing ends the BankID order', async () => {
    const { href } = await approved('Ändrabankid AB');
    const started = await call('POST', `${href}/bankid/start`, {
      customerContractSignees: [signee('Ivar', `ivar.${kind}@kund.example`)],
      withDeliveryConfirmation: true,
    });
    const current = (await call('GET', href)).json().properties;
    const changed = await call('PUT', `${href}?forceUpdate=true`, {
      calculationVariant: { ...current.calculationVariant, name: 'Changed while signing' },
      applicant: current.applicant,
      supplier: current.supplier,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().properties.state).toBe('readyToSign');
    // The order is cancelled at BankID by itself, with nobody asking for the status (page closed).
    const app = () => t.app.inject({ url: started.json().appUrl });
    for (let k = 0; k < 50 && (await app()).statusCode !== 410; k++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await app()).statusCode).toBe(410);
    expect(await status(href)).toMatchObject({
      status: 'failed',
      hintCode: 'cancelled',
      state: 'readyToSign',
    });
  });
});

/** BankID is the Swedish brands' way to sign: the others neither offer it nor need it configured. */
describe.each(DB_KINDS)('brands that do not sign with BankID (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('offer no BankID signing, and refuse its start', async () => {
    const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    const { href } = await approvedCalculation(t, lukas, 'Ohne BankID GmbH', 9_000, 'DE');
    const variant = (await t.app.inject({ url: href, headers: lukas })).json();
    const actions = (variant.actions as { name: string }[]).map((a) => a.name);
    expect(actions).toContain('start-esignature');
    expect(actions).not.toContain('change-to-bankId');
    const started = await t.app.inject({
      method: 'POST',
      url: `${href}/bankid/start`,
      headers: lukas,
      payload: {
        customerContractSignees: [{ firstName: 'Jonas', lastName: 'Test', email: 'jonas@kunde.example' }],
        withDeliveryConfirmation: false,
      },
    });
    expect(started.statusCode, started.body).toBe(400);
    expect(started.json().errorKeys, started.body).toEqual(['bankIdNotOffered']);
  });

  it('need no BankID at all (BANKID=off), unless a brand signs with it', async () => {
    const db = await openTestDb(kind);
    const config = testConfig({ bankId: { mode: 'off' } });
    try {
      await expect(wireBankId(Fastify(), db, config)).rejects.toThrow(
        'BANKID=off, but brands SE-NML, SE-NOS sign with BankID',
      );
      await db.query(`update brands set signs_with_bankid = false`);
      await expect(wireBankId(Fastify(), db, config)).resolves.toBeDefined();
    } finally {
      await db.close();
    }
  });
});
