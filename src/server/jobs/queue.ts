import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';

/**
 * The one job queue, in PostgreSQL (migrations 010 and 025; docs/architecture.md, "Background
 * work"). A job is written in the transaction of what caused it, so it exists exactly when that
 * committed; a worker claims due jobs with `for update skip locked` (several server copies share
 * the work). A job that fails is tried again later, each wait longer than the last; when its
 * attempts are used up it is marked failed (kept for a while, logged as an error) and never
 * run again. Workers wake on NOTIFY and look every second anyway.
 */
export interface Retry {
  /** Runs in all, the first included. */
  attempts: number;
  /** The wait after the first failure; it doubles after each further one. */
  backoffSeconds: number;
}
const DEFAULT_RETRY: Retry = { attempts: 5, backoffSeconds: 2 };
/** A claim lasts this long; a copy that died holding a job gives it up then. */
const CLAIM_SECONDS = 300;

/** A job whose effect commits with its completion: a job that failed half-way runs again from the start. */
export type JobHandler = (q: Queryable, payload: Record<string, unknown>) => Promise<void>;
/**
 * A job that calls another service: it runs outside any transaction (a network call must not
 * hold one) and must be safe to repeat, since it can run again if marking it done fails.
 */
export interface OutsideJob {
  outside: (payload: Record<string, unknown>) => Promise<void>;
  retry?: Retry;
  /** Runs with the failed mark, once the attempts are used up (e.g. a mail marked failed). */
  failed?: (q: Queryable, payload: Record<string, unknown>, error: string) => Promise<void>;
}

const CHANNEL = 'jobs';

export async function enqueueJob(
  q: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  delayMs = 0,
): Promise<void> {
  await q.query(
    `insert into jobs (kind, payload, run_at) values ($1, $2, now() + make_interval(secs => $3::double precision))`,
    [kind, JSON.stringify(payload), delayMs / 1000],
  );
  await q.query(`select pg_notify('${CHANNEL}', '')`);
}

interface Claimed {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** The wait before the next run after `attempts` failed runs. */
export const backoffSeconds = (retry: Retry, attempts: number) =>
  retry.backoffSeconds * 2 ** Math.max(0, attempts - 1);

/** How often a worker looks for due jobs besides being told (a retry's wait ends unannounced). */
export const POLL_MS = 1000;

export function startJobWorker(
  db: Db,
  handlers: Record<string, JobHandler | OutsideJob>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  const claim = async () => {
    const [job] = await db.query<Claimed>(
      `update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => $1)
        where id = (select id from jobs
                     where done_at is null and failed_at is null and run_at <= now()
                       and (locked_until is null or locked_until < now())
                     order by run_at, id limit 1 for update skip locked)
        returning id, kind, payload, attempts`,
      [CLAIM_SECONDS],
    );
    return job;
  };

  const runOne = async (job: Claimed) => {
    const handler = handlers[job.kind];
    const outside = handler && 'outside' in handler ? handler : undefined;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      if (outside) {
        await outside.outside(job.payload);
        await db.query('update jobs set done_at = now(), last_error = null where id = $1', [job.id]);
        return;
      }
      await db.tx(async (q) => {
        await (handler as JobHandler)(q, job.payload);
        await q.query('update jobs set done_at = now(), last_error = null where id = $1', [job.id]);
      });
    } catch (error) {
      const retry = outside?.retry ?? DEFAULT_RETRY;
      const lastError = String(error);
      if (job.attempts < retry.attempts) {
        log.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
        await db.query(
          `update jobs set last_error = $2, locked_until = null,
                  run_at = now() + make_interval(secs => $3) where id = $1`,
          [job.id, lastError, backoffSeconds(retry, job.attempts)],
        );
        return;
      }
      log.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed for good');
      await db.tx(async (q) => {
        await q.query(
          'update jobs set last_error = $2, locked_until = null, failed_at = now() where id = $1',
          [job.id, lastError],
        );
        await outside?.failed?.(q, job.payload, lastError);
      });
    }
  };

  const work = () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (let job = await claim(); job && !stopped; job = await claim()) await runOne(job);
      } while (again && !stopped);
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'job worker round failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void work(), POLL_MS);
  const unlisten = db.listen(CHANNEL, () => void work());
  void work();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await (
      await unlisten
    )();
    await running;
  };
}
