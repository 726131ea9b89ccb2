import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../config';
import type { Db } from './db';

// From the tree's root, so that the built server (build/server/) finds them too.
const MIGRATIONS_DIR = path.join(ROOT_DIR, 'src/server/db/migrations');

/**
 * How long a migration waits for a table lock before it gives up (docs/operations.md, "Upgrading").
 * A DDL statement waiting for a lock makes every query behind it wait too: the copies still
 * serving would stall for as long as it waits. Better the new copy fails its start and tries again.
 */
export const MIGRATION_LOCK_TIMEOUT = '5s';

export class MigrationError extends Error {}

/**
 * Applies the SQL files of migrations/ in name order, each once and each in its own transaction,
 * so that a long upgrade holds no lock longer than one file needs. Several copies starting
 * together take turns per file (an advisory lock, then a look whether another applied it). Each
 * applied file's SHA-256 is kept: a file changed after it was applied stops the start, since the
 * database no longer is what the files say. The same files run on PGlite (PostgreSQL 18) and
 * PostgreSQL 15: keep them to SQL both understand.
 */
export async function migrate(db: Db, lockTimeout = MIGRATION_LOCK_TIMEOUT): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(7301)');
    await q.query(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    await q.query('alter table schema_migrations add column if not exists checksum text');
  });
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    const ran = await db.tx(async (q) => {
      await q.query('select pg_advisory_xact_lock(7301)');
      const [done] = await q.query<{ checksum: string | null }>(
        'select checksum from schema_migrations where name = $1',
        [file],
      );
      if (done) {
        // Applied before checksums were kept: what is there now is taken as what ran.
        if (done.checksum === null)
          await q.query('update schema_migrations set checksum = $2 where name = $1', [file, checksum]);
        else if (done.checksum !== checksum)
          throw new MigrationError(
            `Migration ${file} was changed after it was applied. Restore it as it was and put the change in a new migration.`,
          );
        return false;
      }
      await q.query(`set local lock_timeout = '${lockTimeout}'`);
      // A migration may rewrite a large table: the requests' statement limit is not for it.
      await q.query('set local statement_timeout = 0');
      try {
        for (const statement of splitStatements(sql)) await q.query(statement);
      } catch (e) {
        if ((e as { code?: string }).code === '55P03')
          throw new MigrationError(
            `Migration ${file} waited longer than ${lockTimeout} for a table lock and was not applied; nothing of it is kept. Start again when the load is lower.`,
          );
        throw e;
      }
      await q.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file, checksum]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends; migrations keep one statement per such end. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
