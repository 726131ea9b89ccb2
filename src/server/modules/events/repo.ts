import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';

/** A NOTIFY in the caller's transaction: PostgreSQL sends it once the transaction committed. */
export async function notify(q: Queryable, channel: string, payload: string): Promise<void> {
  await orm(q).execute(sql`select pg_notify(${channel}, ${payload})`);
}
