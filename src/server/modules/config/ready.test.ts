import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

/** Readiness touches the database; liveness does not (docs/operations.md, "Health"). */
describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { clientRequestTimeoutMs: 45_000 });
  });
  afterAll(() => t.close());

  it('gives the PWA the sign-in settings and the configured request timeout, to anyone', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      oidc: { clientId: t.config.oidc.clientId },
      requestTimeoutMs: 45_000,
    });
  });

  it('is ready while the database answers, and says which way it does not', async () => {
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });

    // Only readiness's own question fails: the server's other work goes on as it does.
    const query = t.db.query.bind(t.db);
    const failing = (answer: () => Promise<never>) =>
      ((text: string, params?: unknown[]) =>
        text === 'select 1' ? answer() : query(text, params)) as typeof query;
    try {
      t.db.query = failing(() => Promise.reject(new Error('connection refused')));
      const down = await t.app.inject({ url: '/api/ready' });
      expect([down.statusCode, down.json()]).toEqual([
        503,
        { status: 'unavailable', database: 'unreachable' },
      ]);
      // A frozen database never answers: readiness gives up after its deadline.
      t.db.query = failing(() => new Promise(() => {}));
      const frozen = await t.app.inject({ url: '/api/ready' });
      expect([frozen.statusCode, frozen.json()]).toEqual([503, { status: 'unavailable', database: 'slow' }]);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.db.query = query;
    }
  });
});
