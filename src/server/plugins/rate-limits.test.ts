import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../test/harness';
import { DEFAULT_RATE_LIMITS } from './rate-limits';

/** Costly calls are limited per account and hour, counted alike by every server copy. */
describe.each(DB_KINDS)('rate limits (%s)', (kind) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimits: { ...DEFAULT_RATE_LIMITS, exports: 3, uiErrors: 2 } });
    second = await buildApp({ config: t.config, db: t.db, logger: false });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('answers 429 with Retry-After past the limit, on every copy, and only for that account', async () => {
    const anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    const erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const exportBy = (app: typeof second, headers: Record<string, string>) =>
      app.inject({ url: '/api/calculationSets/excel', headers });
    expect((await exportBy(t.app, anna)).statusCode).toBe(200);
    expect((await exportBy(second, anna)).statusCode).toBe(200);
    expect((await exportBy(t.app, anna)).statusCode).toBe(200);
    const refused = await exportBy(second, anna);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json()).toMatchObject({ type: '/problems/too-many-requests', status: 429 });
    // The contract export counts against the same quota; another account has its own.
    expect((await t.app.inject({ url: '/api/contracts/excel', headers: anna })).statusCode).toBe(429);
    expect((await exportBy(t.app, erik)).statusCode).toBe(200);
  });

  it('keeps error reports small and few', async () => {
    const headers = { authorization: `Bearer ${await t.token(DEMO.maja)}`, 'content-type': 'text/plain' };
    const report = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/logging/ui?correlationId=goPartner_limits01',
        headers,
        payload,
      });
    expect((await report('x'.repeat(17 * 1024))).statusCode).toBe(400);
    const one = await report('one');
    expect(one.statusCode, one.body).toBe(204);
    expect((await report('two')).statusCode).toBe(204);
    expect((await report('three')).statusCode).toBe(429);
  });
});
