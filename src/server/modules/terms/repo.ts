import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { users } from '../../db/schema';

export type AcceptedTerms = 'termsOfUse' | 'termsAndConditions';

/** Records that the user accepted these terms now. */
export async function acceptTerms(q: Queryable, userId: string, terms: AcceptedTerms[]): Promise<void> {
  await orm(q)
    .update(users)
    .set({
      ...(terms.includes('termsOfUse') ? { termsOfUseAcceptedAt: sql`now()` } : {}),
      ...(terms.includes('termsAndConditions') ? { termsAndConditionsAcceptedAt: sql`now()` } : {}),
      lastChange: sql`now()`,
    })
    .where(eq(users.id, userId));
}
