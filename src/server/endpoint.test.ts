import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ENDPOINTS from '../domain/api/endpoints';
import { startTestApp, type TestApp } from './test/harness';

/**
 * The contract's table and the server agree: every endpoint of src/domain/api/endpoints/ is
 * served at its method and address, and the server serves no API address the table lacks (the
 * PWA could reach it only by an address written by hand).
 */
describe('the endpoint table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('is what the server serves, no more and no less', async () => {
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths as Record<string, object>;
    const served = Object.entries(paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((route) => !route.startsWith('HEAD '))
      .sort();
    const table = Object.values(ENDPOINTS)
      .map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(served).toEqual(table);
  });

  it('answers a request built from the table by the schema bound to it', async () => {
    const health = await t.app.inject({ method: ENDPOINTS.health.method, url: ENDPOINTS.health.path });
    expect(health.json()).toEqual({ status: 'ok' });
    // The query is checked by the schema the table binds to the endpoint.
    const refused = await t.app.inject({
      method: ENDPOINTS.calculationList.method,
      url: `${ENDPOINTS.calculationList.path}?itemsPerPage=many`,
      headers: { authorization: `Bearer ${await t.token('erik.berg@nordic-office.example')}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()['invalid-params']).toEqual([expect.objectContaining({ name: 'itemsPerPage' })]);
  });
});
