import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { DB_KINDS, openTestDb } from '../test/harness';
import { enqueueJob, POLL_SECONDS, startJobs, type Jobs } from './queue';

const quiet = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
/** Long enough for a few looks of an idle worker and a retry's wait of a second or two. */
const SOON = { timeout: 20 * POLL_SECONDS * 1000, interval: 100 };

/** The job queues: each kind on its own, retried with a wait, stopped at its deadline, kept when dead. */
describe.each(DB_KINDS)('the job queues (%s)', (kind) => {
  let db: Db;
  let jobs: Jobs;
  const runs: string[] = [];
  const failedWith: string[] = [];
  const aborted: string[] = [];
  let flaky = 0;
  let hung = 0;

  beforeAll(async () => {
    db = await openTestDb(kind);
    jobs = await startJobs(
      db,
      {
        'test.ok': {
          inside: async (q, p) => {
            await q.query('select 1');
            runs.push(String(p.name));
          },
        },
        'test.flaky': {
          retry: { attempts: 3, backoffSeconds: 1 },
          outside: (p) => {
            runs.push(String(p.name));
            return ++flaky < 2 ? Promise.reject(new Error('relay not answering')) : Promise.resolve();
          },
        },
        'test.broken': {
          retry: { attempts: 2, backoffSeconds: 1 },
          outside: () => Promise.reject(new Error('550 mailbox unknown')),
          failed: (_q, p, error) => {
            failedWith.push(`${String(p.name)}: ${error}`);
            return Promise.resolve();
          },
        },
        // Hangs on its first run until its deadline stops it; the second run succeeds.
        'test.hung': {
          retry: { attempts: 2, backoffSeconds: 1 },
          deadlineSeconds: 2,
          concurrency: 1,
          outside: (p, signal) => {
            if (hung++ > 0) {
              runs.push(String(p.name));
              return Promise.resolve();
            }
            return new Promise((_resolve, reject) =>
              signal.addEventListener('abort', () => {
                aborted.push(String(p.name));
                reject(new Error('stopped at the deadline'));
              }),
            );
          },
        },
      },
      quiet,
    );
  });
  afterAll(async () => {
    await jobs.stop(1000);
    await db.close();
  });

  it('runs a job committed with its cause, never one whose transaction rolled back', async () => {
    await db
      .tx(async (q) => {
        await enqueueJob(q, 'test.ok', { name: 'rolled back' });
        throw new Error('the cause failed');
      })
      .catch(() => undefined);
    await db.tx((q) => enqueueJob(q, 'test.ok', { name: 'committed' }));
    await expect.poll(() => runs.includes('committed'), SOON).toBe(true);
    await enqueueJob(db, 'test.ok', { name: 'after' });
    await expect.poll(() => runs.includes('after'), SOON).toBe(true);
    expect(runs).not.toContain('rolled back');
  });

  it('retries a failing job after a wait and keeps one whose attempts are used up as dead', async () => {
    await enqueueJob(db, 'test.flaky', { name: 'flaky' });
    await enqueueJob(db, 'test.broken', { name: 'broken' });
    await expect.poll(() => runs.filter((r) => r === 'flaky').length, SOON).toBe(2);
    await expect.poll(() => failedWith, SOON).toEqual(['broken: 550 mailbox unknown']);
    const report = await jobs.report();
    expect(report.dead).toEqual([
      expect.objectContaining({
        kind: 'test.broken',
        payload: { name: 'broken' },
        error: '550 mailbox unknown',
      }),
    ]);
    expect(report.queues.find((q) => q.kind === 'test.broken')).toMatchObject({ dead: 1 });
  });

  it('stops a job at its deadline, runs it again, and a hung kind holds up no other kind', async () => {
    await enqueueJob(db, 'test.hung', { name: 'hung' });
    await expect.poll(() => hung, SOON).toBe(1);
    // While the hung job waits for its deadline, the other queues go on.
    await enqueueJob(db, 'test.ok', { name: 'beside the hung one' });
    await expect.poll(() => runs.includes('beside the hung one'), SOON).toBe(true);
    expect(aborted).toEqual([]);
    await expect.poll(() => runs.includes('hung'), SOON).toBe(true);
    expect(aborted).toEqual(['hung']);
  });

  it('refuses a kind it has no queue for, before writing anything', async () => {
    await expect(enqueueJob(db, 'test.unknown', {})).rejects.toThrow('No job queue for test.unknown');
  });
});
