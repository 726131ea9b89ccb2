import { mkdir } from 'node:fs/promises';
import type { Config } from '../config';
import { seedDemoWorld } from '../demo/seed';
import { openPglite, openPostgres, type Db } from './db';
import { migrate } from './migrate';

/** Opens the configured database, brings its schema up to date and loads the demo world once. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) db = openPostgres(config.databaseUrl);
  else {
    await mkdir(config.dataDir, { recursive: true });
    db = await openPglite({ dataDir: config.dataDir });
  }
  await migrate(db);
  await seedDemoWorld(db);
  return db;
}
