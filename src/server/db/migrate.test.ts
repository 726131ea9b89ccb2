import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS, openTestDb } from '../test/harness';
import type { Db } from './db';
import { migrate, MigrationError } from './migrate';

/** Migrations one by one, each remembered with its checksum (docs/operations.md, "Upgrading"). */
describe.each(DB_KINDS)('migrations (%s)', (kind) => {
  let db: Db & { url?: string };
  beforeAll(async () => {
    db = await openTestDb(kind);
  });
  afterAll(() => db.close());

  const checksumOf = async (name: string) =>
    (
      await db.query<{ checksum: string | null }>('select checksum from schema_migrations where name = $1', [
        name,
      ])
    )[0]?.checksum;

  it('applies nothing twice and keeps the checksum of every file it applied', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await checksumOf('001_foundation.sql')).toMatch(/^[0-9a-f]{64}$/);
    // A file applied before checksums were kept gets the checksum of what is there now.
    const kept = await checksumOf('002_identity.sql');
    await db.query(`update schema_migrations set checksum = null where name = '002_identity.sql'`);
    expect(await migrate(db)).toEqual([]);
    expect(await checksumOf('002_identity.sql')).toBe(kept);
  });

  it('refuses to start when an applied file was changed since', async () => {
    const kept = await checksumOf('001_foundation.sql');
    await db.query(`update schema_migrations set checksum = 'changed' where name = '001_foundation.sql'`);
    await expect(migrate(db)).rejects.toThrow(/001_foundation.sql was changed after it was applied/);
    await db.query('update schema_migrations set checksum = $1 where name = $2', [
      kept,
      '001_foundation.sql',
    ]);
  });
});

/** A second connection holds a lock the migration needs: PostgreSQL only (PGlite has one). */
describe.runIf(inject('postgresUrl'))('migrations waiting for a lock (postgres)', () => {
  let db: Db & { url?: string };
  beforeAll(async () => {
    db = await openTestDb('postgres');
  });
  afterAll(() => db.close());

  it('gives up a migration that waits for a lock, instead of stalling the copies still serving', async () => {
    await db.query(`delete from schema_migrations where name = '030_paper_figures.sql'`);
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table calculation_variants in access exclusive mode');
      const waited = migrate(db, '200ms');
      await expect(waited).rejects.toBeInstanceOf(MigrationError);
      await expect(waited).rejects.toThrow(/030_paper_figures.sql waited longer than 200ms/);
      await other.query('rollback');
      expect(await migrate(db)).toEqual(['030_paper_figures.sql']);
    } finally {
      await other.end();
    }
  });
});
