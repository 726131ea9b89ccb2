import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orm } from '../../db/orm';
import { calculationSets, calculationVariants } from '../../db/schema';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness';
import { findSet } from './set-repo';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(DB_KINDS)('findSet (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('hands on a set and its variants with their times as the ISO strings the answers carry', async () => {
    const [stored] = await orm(t.db)
      .select({ id: calculationSets.id, createdAt: calculationSets.createdAt })
      .from(calculationSets)
      .orderBy(desc(calculationSets.createdAt))
      .limit(1);
    const set = (await findSet(t.db, stored!.id))!;
    expect(set.createdAt).toBe(stored!.createdAt.toISOString());
    expect(set.lastEditedAt).toMatch(ISO);
    expect(Array.isArray(set.attachmentCategories)).toBe(true);
    expect(Array.isArray(set.creditReports)).toBe(true);
    const variants = await orm(t.db)
      .select({ id: calculationVariants.id, lastEditedAt: calculationVariants.lastEditedAt })
      .from(calculationVariants)
      .where(eq(calculationVariants.calculationSetId, stored!.id));
    expect(set.variants.map((v) => v.position)).toEqual(
      [...set.variants.map((v) => v.position)].sort((a, b) => a - b),
    );
    for (const v of set.variants) {
      expect(v.lastEditedAt).toBe(variants.find((r) => r.id === v.id)!.lastEditedAt.toISOString());
      for (const at of [v.contentChangedAt, v.specialCaseRequestedAt])
        if (at !== null) expect(at).toMatch(ISO);
      expect(v.payload).toEqual(expect.objectContaining({ periodInMonths: expect.any(Number) }));
    }
  });

  it('takes the row lock inside a transaction, and finds nothing for unknown or malformed ids', async () => {
    const [stored] = await orm(t.db).select({ id: calculationSets.id }).from(calculationSets).limit(1);
    const locked = await t.db.tx((q) => findSet(q, stored!.id, true));
    expect(locked).toEqual(await findSet(t.db, stored!.id));
    expect(await findSet(t.db, randomUUID())).toBeUndefined();
    expect(await findSet(t.db, 'not-a-uuid')).toBeUndefined();
  });
});
