import { mkdir } from 'node:fs/promises';
import type { Config } from '../config';
import { seedDemoWorld } from '../demo/seed';
import { openPglite, openPostgres, type Db } from './db';
import { migrate } from './migrate';

/** The advisory lock the demo world is loaded under. */
const DEMO_LOCK = 7302;

/** Opens the configured database, brings its schema up to date and, if asked, loads the demo world. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'demoData'> & Partial<Pick<Config, 'database'>>,
): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) db = openPostgres(config.databaseUrl, config.database);
  else {
    await mkdir(config.dataDir, { recursive: true });
    db = await openPglite({ dataDir: config.dataDir });
  }
  await migrate(db);
  if (config.demoData) await loadDemoWorldOnce(db);
  return db;
}

/**
 * Copies starting together on one database: one loads the demo world, in one transaction under
 * an advisory lock, and the others find it there.
 */
export async function loadDemoWorldOnce(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [DEMO_LOCK]);
    await db.withAmbient(q, () => seedDemoWorld(db));
  });
}

/** Whether any partner has an active administrator (a production start without one says how to make one). */
export async function hasAdministrator(db: Db): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    `select exists (select 1 from users u join accounts a on a.id = u.account_id
                     where u.is_admin and u.status = 'active' and u.deleted_at is null and a.disabled_at is null) as found`,
  );
  return row?.found ?? false;
}
