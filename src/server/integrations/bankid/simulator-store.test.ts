import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../db/db';
import { DB_KINDS, openTestDb } from '../../test/harness';
import { createBankId } from './factory';
import { BankIdError, type BankId } from './port';
import { qrCode, qrSeconds } from './qr';
import { registerBankIdSimulator, type BankIdSimulator } from './simulator';
import { verifySimulatedSignature } from './simulator-signer';

// Valid Swedish personal identity numbers (check digit included).
const ANNA = '198112289874';
const ERIK = '199001011239';

interface Copy {
  app: FastifyInstance;
  sim: BankIdSimulator;
  bankId: BankId;
}

/**
 * Two server copies behind a round-robin load balancer share nothing but the database: an order
 * must be usable through either, whichever copy started it.
 */
describe.each(DB_KINDS)('BankID simulator on two server copies, one database (%s)', (kind) => {
  let db: Db & { url?: string };
  let other: Db;
  let a: Copy;
  let b: Copy;
  let now = Date.UTC(2025, 2, 14, 9, 30);

  const copy = async (on: Db): Promise<Copy> => {
    const app = Fastify({ logger: false });
    // No keys given: each copy takes them from the settings table, as the server does.
    const sim = await registerBankIdSimulator(app, on, { clock: () => now });
    await app.ready();
    return { app, sim, bankId: createBankId({ mode: 'simulator' }, { app, simulatorKey: sim.apiKey }) };
  };

  beforeAll(async () => {
    db = await openTestDb(kind);
    // On PostgreSQL the second copy has its own connections, as another process would.
    other = kind === 'postgres' ? openPostgres(db.url!) : db;
    a = await copy(db);
    b = await copy(other);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    if (other && other !== db) await other.close();
    await db?.close();
  });
  beforeEach(() => {
    now += 10 * 60_000;
  });

  const sign = (on: Copy, personalNumber?: string) =>
    on.bankId.sign({ endUserIp: '192.0.2.10', userVisibleData: 'Leasingavtal 4711', personalNumber });
  const sessionOf = (page: string) => /name="session" value="([^"]+)"/.exec(page)![1]!;
  const post = (on: Copy, action: 'approve' | 'cancel', form: Record<string, string>) =>
    on.app.inject({
      method: 'POST',
      url: `${on.sim.prefix}/app/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const errorCodeOf = (result: PromiseSettledResult<unknown>) =>
    result.status === 'rejected' && result.reason instanceof BankIdError
      ? result.reason.errorCode
      : undefined;

  it('share one signing key and one API key', () => {
    expect(b.sim.apiKey).toBe(a.sim.apiKey);
    expect(b.sim.signingKey.equals(a.sim.signingKey)).toBe(true);
  });

  it('an order started through one copy is collected, opened and signed through the other', async () => {
    const order = await sign(a, ERIK);
    expect(await b.bankId.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });

    const page = await b.app.inject(b.sim.appPath(order.autoStartToken));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Leasingavtal 4711');
    expect(await a.bankId.collect(order.orderRef)).toMatchObject({ status: 'pending', hintCode: 'userSign' });

    now += 5_000;
    const done = await post(b, 'approve', { session: sessionOf(page.body), personalNumber: ERIK });
    expect(done.statusCode, done.body).toBe(200);

    const collected = await a.bankId.collect(order.orderRef);
    expect(collected).toMatchObject({
      status: 'complete',
      completionData: { user: { personalNumber: ERIK } },
    });
    if (collected.status !== 'complete') return;
    expect(await b.bankId.collect(order.orderRef)).toEqual(collected);
    expect(verifySimulatedSignature(collected.completionData.signature, a.sim.signingKey)).toBe(true);
    expect(verifySimulatedSignature(collected.completionData.signature, b.sim.signingKey)).toBe(true);
    expect((await a.app.inject(a.sim.appPath(order.autoStartToken))).statusCode).toBe(410);
  });

  it('opens with the QR code on one copy and cancels through the other', async () => {
    const order = await sign(b);
    now += 2_300;
    const code = qrCode(order.qrStartToken, order.qrStartSecret, qrSeconds(now - 2_300, now));
    const page = await a.app.inject(`${a.sim.prefix}/app/qr?code=${encodeURIComponent(code)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(await b.bankId.collect(order.orderRef)).toMatchObject({ hintCode: 'userSign' });
    await a.bankId.cancel(order.orderRef);
    expect(await b.bankId.collect(order.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
    expect(
      (await post(b, 'approve', { session: sessionOf(page.body), personalNumber: ANNA })).statusCode,
    ).toBe(410);
  });

  it('ends both orders of one person started through the two copies, also at the same moment', async () => {
    const first = await sign(a, ANNA);
    await expect(sign(b, ANNA)).rejects.toMatchObject({ errorCode: 'alreadyInProgress' });
    expect(await b.bankId.collect(first.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });

    // The lock on the personal number: one of two simultaneous starts sees the other.
    for (let round = 0; round < 5; round++) {
      now += 1_000;
      const results = await Promise.allSettled([sign(a, ANNA), sign(b, ANNA)]);
      expect(results.map(errorCodeOf).sort()).toEqual(['alreadyInProgress', undefined]);
      const [started] = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(await a.bankId.collect(started!.orderRef)).toMatchObject({
        status: 'failed',
        hintCode: 'cancelled',
      });
    }
  });

  it('lets exactly one of a signature and a cancellation racing on the two copies win', async () => {
    for (let round = 0; round < 5; round++) {
      now += 1_000;
      const order = await sign(a);
      const session = sessionOf((await a.app.inject(a.sim.appPath(order.autoStartToken))).body);
      const [approved, cancelled] = await Promise.all([
        post(a, 'approve', { session, personalNumber: ERIK }),
        post(b, 'cancel', { session }),
      ]);
      expect([approved.statusCode, cancelled.statusCode].sort()).toEqual([200, 410]);
      expect(await b.bankId.collect(order.orderRef)).toMatchObject(
        approved.statusCode === 200 ? { status: 'complete' } : { status: 'failed', hintCode: 'userCancel' },
      );
    }
  });

  it('expires an order by the clock on either copy, and forgets it', async () => {
    const order = await sign(a);
    now += 31_000;
    expect(await b.bankId.collect(order.orderRef)).toMatchObject({
      status: 'failed',
      hintCode: 'expiredTransaction',
    });
    expect((await a.app.inject(a.sim.appPath(order.autoStartToken))).statusCode).toBe(410);
    now += 5 * 60_000;
    await expect(a.bankId.collect(order.orderRef)).rejects.toMatchObject({ errorCode: 'invalidParameters' });
    const [row] = await db.query('select 1 from bankid_sim_orders where order_ref = $1', [order.orderRef]);
    expect(row).toBeUndefined();
  });
});
