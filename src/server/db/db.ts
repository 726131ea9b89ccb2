import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * One small interface over the two databases the server runs on: the embedded PGlite
 * (PostgreSQL in WASM, the default) and a real PostgreSQL server (DATABASE_URL). Repos
 * write plain SQL against it; nothing else in the server knows which one it has.
 */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; never await network calls inside it. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onPayload for every NOTIFY on the channel (after the notifying transaction commits);
   * '*' when notifications may have been missed (a lost connection). Answers the unsubscribe.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db> {
  const lite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  return {
    kind: 'pglite',
    async query<T extends object>(text: string, params?: unknown[]) {
      return (await lite.query<T>(text, params)).rows;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    tx(fn) {
      return lite.transaction((t) =>
        fn({
          query: async <T extends object>(text: string, params?: unknown[]) =>
            (await t.query<T>(text, params)).rows,
        }),
      );
    },
    listen: (channel, onPayload) => lite.listen(channel, onPayload),
    close: () => lite.close(),
  };
}

/** The raw PGlite handle for test templates (dumpDataDir); only tests need it. */
export async function dumpPglite(dataDir: string): Promise<Blob> {
  const lite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  return dump;
}

export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that the server drops (restart, failover) must not end the process.
  pool.on('error', (error) => console.error('database connection lost', error.message));
  return {
    kind: 'postgres',
    async query<T extends object>(text: string, params?: unknown[]) {
      return (await pool.query<T & pg.QueryResultRow>(text, params)).rows;
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
  };
}
