import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('POST logging/ui (%s)', (kind) => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    auth = `Bearer ${await t.token(DEMO.erik)}`;
  });
  afterAll(() => t.close());

  it('stores a rendering failure under its correlation id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logging/ui?correlationId=goPartner_render0001',
      headers: { authorization: auth, 'content-type': 'text/plain' },
      payload: 'TypeError: x is undefined\n    at Editor',
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.query<{ message: string }>(
      'select message from ui_errors where correlation_id = $1',
      ['goPartner_render0001'],
    );
    expect(rows).toEqual([{ message: 'TypeError: x is undefined\n    at Editor' }]);
  });

  it('answers a malformed JSON body with a problem+json 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logging/ui?correlationId=goPartner_render0002',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      type: '/problems/validation',
      status: 400,
      'invalid-params': [{ name: 'body', reason: 'malformed' }],
    });
  });

  it('names the invalid fields of a body or query that does not fit the schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logging/ui?correlationId=not-ours',
      headers: { authorization: auth, 'content-type': 'text/plain' },
      payload: 'an error',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()['invalid-params']).toEqual([{ name: 'correlationId', reason: 'invalidCorrelationId' }]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/logging/ui?correlationId=goPartner_render0003',
      headers: { authorization: auth, 'content-type': 'text/plain' },
      payload: '   ',
    });
    expect(empty.json()['invalid-params']).toEqual([{ name: 'body', reason: 'required' }]);
  });
});
