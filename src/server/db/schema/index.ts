/**
 * The tables of the migrations (src/server/db/migrations, the source of truth for DDL) as
 * drizzle declarations, so that repos get their row types from here. schema.test.ts compares
 * them with a migrated database on PGlite and PostgreSQL: a migration that changes a table
 * changes its declaration in the same commit.
 */
export * from './calculations';
export * from './contracts';
export * from './identity';
export * from './infrastructure';
export * from './reference';
export * from './offer-links';
