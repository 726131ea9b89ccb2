import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { DB_KINDS, openTestDb } from '../test/harness';
import { backoffSeconds, enqueueJob, POLL_MS, startJobWorker } from './queue';

const quiet = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** The one queue: a job runs once when it succeeds, again after a wait when it fails, and ends failed. */
describe.each(DB_KINDS)('the job queue (%s)', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
  });
  afterAll(() => db.close());

  const job = async (payload: string) =>
    (
      await db.query<{ attempts: number; done: boolean; failed: boolean; last_error: string | null }>(
        `select attempts, done_at is not null as done, failed_at is not null as failed, last_error
           from jobs where payload->>'name' = $1`,
        [payload],
      )
    )[0];

  it('doubles the wait after each failure', () => {
    const retry = { attempts: 5, backoffSeconds: 30 };
    expect([1, 2, 3, 4].map((n) => backoffSeconds(retry, n))).toEqual([30, 60, 120, 240]);
  });

  it('commits a job with its effect, retries a failing one and marks it failed when its attempts are used up', async () => {
    const runs: string[] = [];
    const failedWith: string[] = [];
    let flaky = 0;
    const stop = startJobWorker(
      db,
      {
        'test.ok': async (q, p) => {
          runs.push(String(p.name));
          await q.query(`select 1`);
        },
        'test.flaky': {
          retry: { attempts: 3, backoffSeconds: 0.05 },
          outside: (p) => {
            runs.push(String(p.name));
            return ++flaky < 2 ? Promise.reject(new Error('relay not answering')) : Promise.resolve();
          },
        },
        'test.broken': {
          retry: { attempts: 2, backoffSeconds: 0.05 },
          outside: () => Promise.reject(new Error('550 mailbox unknown')),
          failed: (_q, p, error) => {
            failedWith.push(`${String(p.name)}: ${error}`);
            return Promise.resolve();
          },
        },
      },
      quiet,
    );
    try {
      await enqueueJob(db, 'test.ok', { name: 'ok' });
      await enqueueJob(db, 'test.flaky', { name: 'flaky' });
      await enqueueJob(db, 'test.broken', { name: 'broken' });
      await enqueueJob(db, 'test.unknown', { name: 'unknown' });

      // A retry is found by the worker's next look, not announced: wait a few of those.
      const looks = { timeout: 3 * POLL_MS };
      await expect.poll(async () => (await job('ok'))?.done, looks).toBe(true);
      await expect.poll(async () => (await job('flaky'))?.done, looks).toBe(true);
      expect(await job('flaky')).toMatchObject({ attempts: 2, failed: false, last_error: null });
      await expect.poll(async () => (await job('broken'))?.failed, looks).toBe(true);
      expect(await job('broken')).toMatchObject({
        attempts: 2,
        done: false,
        last_error: 'Error: 550 mailbox unknown',
      });
      expect(failedWith).toEqual(['broken: Error: 550 mailbox unknown']);
      // A kind this copy does not handle (a newer copy wrote it) waits for a copy that does.
      await expect.poll(async () => (await job('unknown'))?.last_error, looks).toContain('no handler');
      expect(await job('unknown')).toMatchObject({ done: false, failed: false });
    } finally {
      await stop();
    }
    // A failed job never runs again.
    const before = runs.length;
    const again = startJobWorker(db, { 'test.broken': { outside: () => Promise.resolve() } }, quiet);
    await new Promise((r) => setTimeout(r, 300));
    await again();
    expect(runs.length).toBe(before);
    expect(await job('broken')).toMatchObject({ failed: true });
    expect(runs.filter((r) => r === 'ok')).toEqual(['ok']);
  });
});
