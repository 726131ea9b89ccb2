import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * Applies the SQL files of migrations/ in name order, each once, under an advisory lock so
 * that several server copies starting together do not race. The same files run on PGlite
 * (PostgreSQL 18) and PostgreSQL 15: keep them to SQL both understand.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(7301)');
    await q.query(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set(
      (await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
  });
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
