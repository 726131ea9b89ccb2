import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One small interface over the two databases the server runs on: the embedded PGlite
 * (PostgreSQL in WASM, the default) and a real PostgreSQL server (DATABASE_URL). Repos
 * write plain SQL against it; nothing else in the server knows which one it has.
 */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The rows as arrays in column order (the query builder of db/orm.ts reads them so). */
  rows(text: string, params?: unknown[]): Promise<unknown[][]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** What the job queue (jobs/queue.ts) connects to: PGlite's one connection, or the server's URL. */
  readonly source: { pglite: PGlite } | { url: string };
  /** PostgreSQL's request pool now (the metrics); PGlite has one connection and none. */
  readonly poolStats?: () => { total: number; idle: number; waiting: number };
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn in one transaction; never await network calls inside it. Within withAmbient it
   * joins the ambient transaction instead, as a savepoint (so that fn still succeeds or fails
   * as a whole); such nested calls must not run in parallel.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn with an ambient transaction: db.tx and db.query in fn's async context use it instead
   * of a transaction or connection of their own. Why: an idempotency record must be written in
   * the same transaction as the effect of the request it answers (plugins/idempotency.ts), and
   * the services open their own db.tx. Given a function, the transaction is begun by it when
   * the first db.tx needs it (db.query before that runs as usual): a request then holds its
   * transaction no longer than its service would (PGlite's one connection makes every other
   * query wait for it). Once begun, db.query joins too: on PGlite a query beside the
   * transaction would wait for it for ever. After fn, nothing joins any more (work fn left
   * running uses the database as usual). exec and listen never join.
   */
  withAmbient<T>(tx: Queryable | (() => Promise<Queryable>), fn: () => Promise<T>): Promise<T>;
  /**
   * Calls onPayload for every NOTIFY on the channel (after the notifying transaction commits);
   * '*' when notifications may have been missed (a lost connection). Answers the unsubscribe.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The ambient transaction of an async context; `open` ends with withAmbient's fn. */
interface Ambient {
  begin?: () => Promise<Queryable>;
  q?: Promise<Queryable>;
  open: boolean;
}

/** Adds withAmbient, and query and tx that join its transaction, to either database. */
function withAmbientTransactions(db: Omit<Db, 'withAmbient'>): Db {
  const ambient = new AsyncLocalStorage<Ambient>();
  /** The ambient transaction, begun on the first db.tx (outside the context: it must not join itself). */
  const joined = (begin: boolean) => {
    const a = ambient.getStore();
    if (!a?.open) return undefined;
    if (begin && !a.q && a.begin) a.q = ambient.exit(a.begin);
    return a.q;
  };
  return {
    ...db,
    async query<T extends object>(text: string, params?: unknown[]) {
      const q = joined(false);
      return q ? (await q).query<T>(text, params) : db.query<T>(text, params);
    },
    async rows(text, params) {
      const q = joined(false);
      return q ? (await q).rows(text, params) : db.rows(text, params);
    },
    async tx(fn) {
      const pending = joined(true);
      if (!pending) return db.tx(fn);
      const q = await pending;
      await q.query('savepoint ambient_tx');
      try {
        const result = await fn(q);
        await q.query('release savepoint ambient_tx');
        return result;
      } catch (error) {
        await q.query('rollback to savepoint ambient_tx');
        await q.query('release savepoint ambient_tx');
        throw error;
      }
    },
    async withAmbient(tx, fn) {
      const a: Ambient =
        typeof tx === 'function' ? { begin: tx, open: true } : { q: Promise.resolve(tx), open: true };
      try {
        return await ambient.run(a, fn);
      } finally {
        a.open = false;
      }
    },
  };
}

/** PGlite is a development package: loaded only when used, so production (PostgreSQL) runs without it. */
async function createPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db> {
  const lite = await createPglite(options);
  return withAmbientTransactions({
    kind: 'pglite',
    source: { pglite: lite },
    async query<T extends object>(text: string, params?: unknown[]) {
      return (await lite.query<T>(text, params)).rows;
    },
    async rows(text, params) {
      return (await lite.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    tx(fn) {
      return lite.transaction((t) =>
        fn({
          query: async <T extends object>(text: string, params?: unknown[]) =>
            (await t.query<T>(text, params)).rows,
          rows: async (text, params) => (await t.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
        }),
      );
    },
    listen: (channel, onPayload) => lite.listen(channel, onPayload),
    close: () => lite.close(),
  });
}

/** The raw PGlite handle for test templates (dumpDataDir); only tests need it. */
export async function dumpPglite(dataDir: string): Promise<Blob> {
  const lite = await createPglite({ dataDir });
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  return dump;
}

export interface PostgresLimits {
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}
const DEFAULT_LIMITS: PostgresLimits = { poolSize: 10, statementTimeoutMs: 30_000, connectTimeoutMs: 5_000 };

export function openPostgres(connectionString: string, limits = DEFAULT_LIMITS): Db {
  const pool = new pg.Pool({
    connectionString,
    max: limits.poolSize,
    // Waiting for a connection (a full pool, an unreachable server) fails the call instead of hanging it.
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    // A transaction left open by a crashed call must not hold its locks for ever.
    idle_in_transaction_session_timeout: Math.max(limits.statementTimeoutMs, 60_000),
  });
  // An idle connection that the server drops (restart, failover) must not end the process.
  pool.on('error', (error) => console.error('database connection lost', error.message));
  return withAmbientTransactions({
    kind: 'postgres',
    source: { url: connectionString },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query<T extends object>(text: string, params?: unknown[]) {
      return (await pool.query<T & pg.QueryResultRow>(text, params)).rows;
    },
    async rows(text, params) {
      return (await pool.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T extends object>(text: string, params?: unknown[]) =>
            (await client.query<T & pg.QueryResultRow>(text, params)).rows,
          rows: async (text, params) =>
            (await client.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        client = new pg.Client({ connectionString });
        client.on('notification', (msg) => {
          if (msg.channel === channel) onPayload(msg.payload ?? '');
        });
        client.on('error', () => {
          void client?.end().catch(() => undefined);
          if (!stopped) void reconnect();
        });
        await client.connect();
        await client.query(`listen "${channel.replaceAll('"', '')}"`);
        // Whatever was notified while not listening is unknown: say so once listening again.
        onPayload('*');
      };
      const reconnect = async () => {
        for (let wait = 1000; !stopped; wait = Math.min(wait * 2, 30_000)) {
          onPayload('*');
          await new Promise((r) => setTimeout(r, wait));
          try {
            await connect();
            return;
          } catch {
            // try again, later
          }
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end();
      };
    },
    close: () => pool.end(),
  });
}
