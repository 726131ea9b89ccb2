import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type ConstructorOptions, type JobWithMetadata, type Queue } from 'pg-boss';
import type { Db, Queryable } from '../db/db';

/**
 * Background work on pg-boss, in the database the server already has (docs/architecture.md,
 * "Background work"). Each kind of job is a queue of its own with its own workers, deadline and
 * retries, so a hung mail relay holds only mail. A job is written in the transaction of what
 * caused it (enqueueJob takes that transaction), so it exists exactly when that committed. A job
 * whose retries are used up goes to the dead-letter queue, where its kind's `failed` step runs
 * and it stays for an operator (`npm run jobs`) for RETENTION_DAYS.
 */
export interface Retry {
  /** Runs in all, the first included. */
  attempts: number;
  /** The wait after the first failure; it about doubles after each further one. */
  backoffSeconds: number;
}

interface Limits {
  retry?: Retry;
  /** A run still going after this is stopped (its signal aborts) and counts as failed. */
  deadlineSeconds?: number;
  /** Runs at once on each server copy. */
  concurrency?: number;
  /** Runs with the dead mark once the attempts are used up (e.g. a mail marked failed). */
  failed?: (q: Queryable, payload: Record<string, unknown>, error: string) => Promise<void>;
}

/** A job whose effect commits with its completion: a job that failed half-way runs again from the start. */
export interface InsideJob extends Limits {
  inside: (q: Queryable, payload: Record<string, unknown>) => Promise<void>;
}

/**
 * A job that calls another service: it runs outside any transaction (a network call must not
 * hold one), must stop when its signal aborts, and must be safe to repeat, since it can run again
 * if marking it done fails.
 */
export interface OutsideJob extends Limits {
  outside: (payload: Record<string, unknown>, signal: AbortSignal) => Promise<void>;
}

export type JobKind = InsideJob | OutsideJob;

const DEFAULTS = { retry: { attempts: 5, backoffSeconds: 2 }, deadlineSeconds: 60, concurrency: 2 };
/** Where jobs go whose attempts are used up; kept this long for an operator to see. */
export const DEAD_QUEUE = 'jobs.dead';
export const RETENTION_DAYS = { finished: 7, dead: 30 };
/** How often an idle worker looks for due jobs besides being told (retries and delays end unannounced). */
export const POLL_SECONDS = 1;
const DAY = 24 * 60 * 60;

export interface Jobs {
  /** The queues' counts and the dead jobs, newest first (what `npm run jobs` shows). */
  report(): Promise<JobReport>;
  /** The queues' counts as pg-boss last took them (at most a minute old; for the metrics). */
  counts(): Promise<{ queues: Omit<QueueCounts, 'dead'>[]; dead: number }>;
  /** Stops fetching, waits for runs in hand up to `deadlineMs`, then fails them (they run again later). */
  stop(deadlineMs: number): Promise<void>;
}

export interface QueueCounts {
  kind: string;
  waiting: number;
  running: number;
  dead: number;
}

/** Told of every failed run and every job that died (the metrics count them). */
export interface JobObserver {
  jobFailed(kind: string): void;
  jobDied(kind: string): void;
}

export interface JobReport {
  queues: QueueCounts[];
  dead: { id: string; kind: string; payload: unknown; error: string; diedAt: Date | null }[];
}

/**
 * The copies of pg-boss this process runs, each knowing its queues. A send only needs one of
 * them for the queue's table and options, which are the same in every database (startJobs
 * creates them alike), and writes through the caller's transaction.
 */
const running = new Set<{ boss: PgBoss; kinds: Set<string> }>();

export async function enqueueJob(
  q: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  delayMs = 0,
): Promise<void> {
  const sender = [...running].find((r) => r.kinds.has(kind));
  // Known up front: a queue pg-boss has not cached would be read on its own connection, which on
  // PGlite waits for the very transaction this send is in.
  if (!sender) throw new Error(`No job queue for ${kind}: the server's jobs are not started.`);
  await sender.boss.send(kind, payload, {
    db: { executeSql: async (text, values) => ({ rows: await q.query(text, values) }) },
    startAfter: delayMs > 0 ? Math.max(1, Math.round(delayMs / 1000)) : undefined,
  });
}

/** The queues and dead jobs of a database without working on them (`npm run jobs`). */
export async function readJobReport(db: Db): Promise<JobReport> {
  const boss = new PgBoss({ ...connection(db), supervise: false, schedule: false });
  await boss.start();
  try {
    return await report(boss);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

const connection = (db: Db): ConstructorOptions =>
  'pglite' in db.source
    ? { backend: 'pglite', db: fromPglite(db.source.pglite) }
    : // Its own few connections: fetching and settling jobs never waits behind requests.
      { connectionString: db.source.url, max: 4 };

/** Starts pg-boss, makes one queue per kind (and the dead-letter queue) and starts their workers. */
export async function startJobs(
  db: Db,
  kinds: Record<string, JobKind>,
  log: FastifyBaseLogger,
  observer?: JobObserver,
): Promise<Jobs> {
  const boss = new PgBoss({
    ...connection(db),
    useListenNotify: true,
    schedule: false,
    // A copy that died holding a job gives it up at the job's deadline, found within this.
    monitorIntervalSeconds: 10,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  await boss.start();

  await define(boss, DEAD_QUEUE, {
    retentionSeconds: RETENTION_DAYS.dead * DAY,
    deleteAfterSeconds: RETENTION_DAYS.dead * DAY,
    retryLimit: 4,
    retryBackoff: true,
  });
  for (const [kind, job] of Object.entries(kinds)) {
    const retry = job.retry ?? DEFAULTS.retry;
    await define(boss, kind, {
      expireInSeconds: job.deadlineSeconds ?? DEFAULTS.deadlineSeconds,
      retryLimit: retry.attempts - 1,
      retryDelay: retry.backoffSeconds,
      retryBackoff: true,
      deleteAfterSeconds: RETENTION_DAYS.finished * DAY,
      deadLetter: DEAD_QUEUE,
      notify: true,
    });
  }
  const me = { boss, kinds: new Set(Object.keys(kinds)) };
  running.add(me);

  const poll = { pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: POLL_SECONDS };
  for (const [kind, job] of Object.entries(kinds)) {
    await boss.work(kind, { ...poll, localConcurrency: job.concurrency ?? DEFAULTS.concurrency }, ([j]) =>
      run(db, job, j!.data as Record<string, unknown>, j!.signal).catch((error: unknown) => {
        observer?.jobFailed(kind);
        throw error;
      }),
    );
  }
  const deadOptions = { ...poll, includeMetadata: true } as const;
  await boss.work<Record<string, unknown>, unknown, typeof deadOptions>(
    DEAD_QUEUE,
    deadOptions,
    async ([j]) => {
      const error = errorOf(j!);
      log.error({ jobId: j!.sourceId, kind: j!.sourceName, error }, 'job failed for good');
      observer?.jobDied(j!.sourceName ?? '?');
      const failed = kinds[j!.sourceName ?? '']?.failed;
      if (failed) await db.tx((q) => failed(q, j!.data, error));
    },
  );

  await adoptOldJobs(db).catch((error: unknown) => log.warn({ err: error }, 'old jobs not adopted'));

  return {
    report: () => report(boss),
    async counts() {
      const queues = await boss.getQueues();
      return {
        queues: queueCounts(queues),
        dead: queues.find((q) => q.name === DEAD_QUEUE)?.totalCount ?? 0,
      };
    },
    async stop(deadlineMs) {
      running.delete(me);
      await boss.stop({ graceful: true, timeout: Math.max(1000, deadlineMs), close: true });
    },
  };
}

/**
 * Jobs a copy of the previous version wrote to its own table (migration 010) during a rolling
 * upgrade move to pg-boss, at start and with each housekeeping round, in one transaction each.
 */
export async function adoptOldJobs(db: Db): Promise<number> {
  const known = [...new Set([...running].flatMap((r) => [...r.kinds]))];
  if (!known.length) return 0;
  return db.tx(async (q) => {
    const old = await q.query<{ kind: string; payload: Record<string, unknown> }>(
      `delete from jobs where done_at is null and failed_at is null and kind = any($1)
          and (locked_until is null or locked_until < now()) returning kind, payload`,
      [known],
    );
    for (const job of old) await enqueueJob(q, job.kind, job.payload);
    return old.length;
  });
}

function run(db: Db, job: JobKind, payload: Record<string, unknown>, signal: AbortSignal) {
  if ('outside' in job) return job.outside(payload, signal);
  return db.tx((q) => job.inside(q, payload));
}

/** createQueue leaves an existing queue as it is; updateQueue brings its options to this version's. */
async function define(boss: PgBoss, name: string, options: Omit<Queue, 'name'>) {
  await boss.createQueue(name, options);
  await boss.updateQueue(name, options);
  // Puts the queue in the cache a send reads (see enqueueJob).
  await boss.findJobs(name, { id: '00000000-0000-0000-0000-000000000000' });
}

/** The error the job's last run failed with (pg-boss keeps it as the dead copy's source output). */
const errorOf = (job: JobWithMetadata) => {
  const output = job.sourceOutput as { message?: unknown } | null;
  return typeof output?.message === 'string' ? output.message : JSON.stringify(output);
};

async function report(boss: PgBoss): Promise<JobReport> {
  const dead = await boss.findJobs<Record<string, unknown>>(DEAD_QUEUE);
  const byKind = new Map<string, number>();
  for (const d of dead) byKind.set(d.sourceName ?? '?', (byKind.get(d.sourceName ?? '?') ?? 0) + 1);
  return {
    queues: queueCounts(await boss.getQueues()).map((q) => ({ ...q, dead: byKind.get(q.kind) ?? 0 })),
    dead: dead
      .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())
      .map((d) => ({
        id: d.sourceId ?? d.id,
        kind: d.sourceName ?? '?',
        payload: d.data,
        error: errorOf(d),
        diedAt: d.createdOn,
      })),
  };
}

/** What waits and runs per queue, as pg-boss last counted (the dead-letter queue apart). */
function queueCounts(queues: Awaited<ReturnType<PgBoss['getQueues']>>): Omit<QueueCounts, 'dead'>[] {
  return queues
    .filter((q) => q.name !== DEAD_QUEUE)
    .map((q) => ({ kind: q.name, waiting: q.queuedCount + q.deferredCount, running: q.activeCount }));
}
