import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDb } from '../test/harness';
import type { Db } from './db';
import * as schema from './schema';

/** migrate.ts keeps its own bookkeeping table; no repo reads it. */
const NOT_DECLARED = new Set(['schema_migrations']);

/** What the declarations say: table → column → 'type null|not null'. */
function declared(): Record<string, Record<string, string>> {
  const tables: Record<string, Record<string, string>> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    tables[config.name] = Object.fromEntries(
      config.columns.map((c) => [
        c.name,
        `${c.getSQLType().replace(/^bigserial$/, 'bigint')} ${c.notNull ? 'not null' : 'null'}`,
      ]),
    );
  }
  return tables;
}

const ELEMENT: Record<string, string> = { _int4: 'integer', _text: 'text' };

/** What the migrations made, in the same form. */
async function migrated(db: Db): Promise<Record<string, Record<string, string>>> {
  const rows = await db.query<{ table: string; column: string; type: string; udt: string; nullable: string }>(
    `select c.table_name as table, c.column_name as column, c.data_type as type, c.udt_name as udt,
            c.is_nullable as nullable
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
  );
  const tables: Record<string, Record<string, string>> = {};
  for (const r of rows) {
    if (NOT_DECLARED.has(r.table)) continue;
    const type = r.type === 'ARRAY' ? `${ELEMENT[r.udt] ?? r.udt}[]` : r.type;
    (tables[r.table] ??= {})[r.column] = `${type} ${r.nullable === 'YES' ? 'null' : 'not null'}`;
  }
  return tables;
}

describe.each(DB_KINDS)('the drizzle schema (%s)', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
  });
  afterAll(() => db.close());

  it('declares exactly the tables and columns of the migrations, with their types and nullability', async () => {
    expect(declared()).toEqual(await migrated(db));
  });
});
