import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { partnerLogos } from '../../db/schema';

/** SQL of the partner's logo: one row per partner. */
export async function findLogo(q: Queryable, partnerId: string) {
  const [logo] = await orm(q)
    .select({
      name: partnerLogos.name,
      size: partnerLogos.size,
      content: partnerLogos.content,
      updatedAt: partnerLogos.updatedAt,
    })
    .from(partnerLogos)
    .where(eq(partnerLogos.partnerId, partnerId));
  return logo;
}

export async function saveLogo(q: Queryable, partnerId: string, name: string, content: Uint8Array) {
  const logo = { name, content, size: content.length };
  await orm(q)
    .insert(partnerLogos)
    .values({ partnerId, ...logo })
    .onConflictDoUpdate({ target: partnerLogos.partnerId, set: { ...logo, updatedAt: sql`now()` } });
}

export async function deleteLogo(q: Queryable, partnerId: string) {
  await orm(q).delete(partnerLogos).where(eq(partnerLogos.partnerId, partnerId));
}
