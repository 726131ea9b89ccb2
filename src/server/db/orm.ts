import { drizzle, type PgRemoteDatabase } from 'drizzle-orm/pg-proxy';
import type { Queryable } from './db';
import * as schema from './schema';

/**
 * drizzle's query builder over one Queryable of db.ts: a transaction's `q` inside db.tx, or the
 * Db itself outside. drizzle only builds the SQL and maps the rows; the statement runs on the
 * Queryable, so db.tx, its savepoints and the ambient transaction of withAmbient work as before
 * and a use case still has one transaction. (The pglite and node-postgres drivers of drizzle
 * would bring transactions of their own, beside those of db.ts.)
 *
 * Mind: a select from one table names its columns unqualified ("id"), also inside a `sql`
 * fragment; a correlated subquery there must name the outer column itself (`users.id`).
 */
export type Orm = PgRemoteDatabase<typeof schema>;

const made = new WeakMap<Queryable, Orm>();

export function orm(q: Queryable): Orm {
  let o = made.get(q);
  if (!o) {
    o = drizzle(
      async (text, params, method) =>
        // 'all': a select whose columns drizzle maps by position (joins may repeat a name).
        ({ rows: method === 'all' ? await q.rows(text, params) : await q.query(text, params) }),
      { schema },
    );
    made.set(q, o);
  }
  return o;
}
