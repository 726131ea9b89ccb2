import type { Queryable } from '../../db/db';

/** The cheapest round trip to the database: what readiness asks. */
export async function ping(q: Queryable): Promise<void> {
  await q.query('select 1');
}
