import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { uiErrors } from '../../db/schema';

/** Keeps a rendering failure the PWA reported. */
export async function insertUiError(q: Queryable, error: typeof uiErrors.$inferInsert): Promise<void> {
  await orm(q).insert(uiErrors).values(error);
}
