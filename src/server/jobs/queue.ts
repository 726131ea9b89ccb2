import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';

/**
 * A job queue in PostgreSQL (migration 010). A job is written in the transaction of what
 * caused it, so it exists exactly when that committed; a worker claims due jobs with
 * `for update skip locked` (several server copies share the work) and a job's effect and its
 * completion commit together, so a job that failed half-way runs again from the start.
 * Workers wake on NOTIFY and look every second anyway.
 */
export type JobHandler = (q: Queryable, payload: Record<string, unknown>) => Promise<void>;
/**
 * A job that calls another service: it runs outside any transaction (a network call must not
 * hold one) and must be safe to repeat, since it can run again if marking it done fails.
 */
export interface OutsideJob {
  outside: (payload: Record<string, unknown>) => Promise<void>;
}

const CHANNEL = 'jobs';
const MAX_ATTEMPTS = 5;

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
      `update jobs set attempts = attempts + 1, locked_until = now() + interval '1 minute'
        where id = (select id from jobs
                     where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
                     order by run_at, id limit 1 for update skip locked)
        returning id, kind, payload, attempts`,
    );
    return job;
  };

  const runOne = async (job: Claimed) => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      if ('outside' in handler) {
        await handler.outside(job.payload);
        await db.query('update jobs set done_at = now(), last_error = null where id = $1', [job.id]);
        return;
      }
      await db.tx(async (q) => {
        await handler(q, job.payload);
        await q.query('update jobs set done_at = now(), last_error = null where id = $1', [job.id]);
      });
    } catch (error) {
      log.warn({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      await db.query(
        `update jobs set last_error = $2, locked_until = null,
                run_at = now() + make_interval(secs => power(2, attempts)::int),
                done_at = case when attempts >= $3 then now() end
          where id = $1`,
        [job.id, String(error), MAX_ATTEMPTS],
      );
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

  const timer = setInterval(() => void work(), 1000);
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
