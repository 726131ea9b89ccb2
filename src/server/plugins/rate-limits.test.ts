import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { savedCalculation } from '../test/fixtures';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../test/harness';
import { DEFAULT_RATE_LIMITS } from './rate-limits';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

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

  it("the editor's fastest pace never meets the calculate limit; a script's burst is refused within seconds", async () => {
    const headers = { authorization: `Bearer ${await t.token(DEMO.maja)}` };
    const calculate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/calculate/SE-NOS-VA-C3',
        headers,
        payload: {
          navBasedCalculation: true,
          netAcquisitionValueAmount: 10_000,
          productId: 'SE-NOS-VA',
          financingObjects: [{ objectTypeId: 'OT-LAPTOP', quantity: 1 }],
        },
      });
    // The editor asks at most every 150 ms: 67 calls in the 10-s window.
    const editor = [];
    for (let k = 0; k < 67; k++) editor.push((await calculate()).statusCode);
    expect(new Set(editor)).toEqual(new Set([200]));
    for (let k = 67; k < DEFAULT_RATE_LIMITS.calculations; k++) await calculate();
    const refused = await calculate();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
  });

  it('a device sending its offline queue of 250 saves and 250 attachments at once meets no limit', async () => {
    const headers = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const saved = await savedCalculation(t, headers, 'Kökön AB');
    const p = (await t.app.inject({ url: saved.href, headers })).json().properties;
    const statuses = new Set<number>();
    for (let k = 0; k < 250; k++) {
      const save = await t.app.inject({
        method: 'PUT',
        url: saved.href,
        headers,
        payload: {
          calculationVariant: { ...p.calculationVariant, name: `Edit ${k}` },
          applicant: p.applicant,
          supplier: p.supplier,
        },
      });
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${p.calculationSetId}/documents/base64?documentType=other`,
        headers,
        payload: { fileName: `photo-${k}.pdf`, fileContent: PDF.toString('base64') },
      });
      statuses.add(save.statusCode).add(upload.statusCode);
    }
    expect([...statuses].sort()).toEqual([200, 201]);
  });
});
