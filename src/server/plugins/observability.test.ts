import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openPostgres, type Db } from '../db/db';
import { DB_KINDS, openTestDb, testConfig } from '../test/harness';
import { freePorts } from '../test/postgres-cluster';

/** What an operator sees of a copy: one JSON access-log line per request, and Prometheus metrics. */
describe.each(DB_KINDS)('logs and metrics (%s)', (kind) => {
  let db: Db & { url?: string };
  let app: FastifyInstance;
  let metricsUrl: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    db = await openTestDb(kind);
    const [port] = await freePorts(1);
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    app = await buildApp({
      config: testConfig({ logLevel: 'info', metrics: { port: port!, host: '127.0.0.1' } }),
      db,
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('logs each request once, with its correlation id, its route and no query or token', async () => {
    const token = 'k'.repeat(43);
    const id = 'goPartner_0123456789abcdef0123456789abcdef';
    await app.inject({ url: `/sign-in/password/${token}?email=someone@example.com` });
    await app.inject({
      url: '/api/calculationSets/0e5c7a52-0000-4000-8000-000000000001/calculationVariant/0e5c7a52-0000-4000-8000-0000000000ff',
      headers: { 'correlation-id': id },
    });
    await app.inject({ url: '/api/health' });

    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/sign-in/password/…' });
    expect(JSON.stringify(requests[0])).not.toContain(token);
    expect(JSON.stringify(requests[0])).not.toContain('someone@example.com');
    expect(requests[1]).toMatchObject({
      correlationId: id,
      route: '/api/calculationSets/:setId/calculationVariant/:variantId',
      status: 401,
      ms: expect.any(Number),
    });
  });

  it('counts requests by route pattern and status, and the job queues, on the metrics port only', async () => {
    for (const n of [1, 2])
      await app.inject({
        url: `/api/calculationSets/0e5c7a52-0000-4000-8000-00000000000${n}/calculationVariant/0e5c7a52-0000-4000-8000-0000000000ff`,
      });
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(
      /portal_http_requests_total\{method="GET",route="\/api\/calculationSets\/:setId\/calculationVariant\/:variantId",status="401"\} [3-9]/,
    );
    expect(text).not.toContain('0e5c7a52');
    expect(text).toContain('portal_http_request_duration_seconds_bucket');
    expect(text).toContain('portal_jobs{queue="decideRequest",state="waiting"}');
    expect(text).toContain('portal_jobs{queue="jobs.dead",state="kept"}');
    expect(text).toContain('portal_nodejs_eventloop_lag_seconds');
    if (kind === 'postgres') expect(text).toContain('portal_db_pool_connections{state="total"}');
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await app.inject({ url: '/metrics' })).statusCode).not.toBe(200);
  });
});

/** PostgreSQL's limits: a statement running past DATABASE_STATEMENT_TIMEOUT_MS is ended. */
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('the request pool (%s)', (kind) => {
  it('ends a statement that runs past the limit, and the next one runs', async () => {
    const db = await openTestDb(kind);
    const limited = openPostgres(db.url!, { poolSize: 2, statementTimeoutMs: 1000, connectTimeoutMs: 5000 });
    try {
      await expect(limited.query('select pg_sleep(3)')).rejects.toThrow(/statement timeout/);
      expect(await limited.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await limited.close();
      await db.close();
    }
  });
});
