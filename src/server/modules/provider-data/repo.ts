import type { Queryable } from '../../db/db';

/** One load at a time: two at once would both see a list as new and both add its version 1. */
export async function lockLoads(q: Queryable): Promise<void> {
  await q.query('select pg_advisory_xact_lock(7303)');
}
