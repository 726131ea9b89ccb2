import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { applications, calculationSets, partners } from '../../db/schema';
import type { SigningMethod } from '../../../domain/signing';

/** SQL of signing: the applications the provider checks (migration 012). */

export async function listOpenApplications(q: Queryable) {
  return orm(q)
    .select({
      id: applications.id,
      calculationSetId: applications.calculationSetId,
      calculationVariantId: applications.calculationVariantId,
      sentAt: applications.sentAt,
      status: applications.status,
      customerName: sql<string>`coalesce(${calculationSets.applicant}->>'name', '')`,
      partnerName: partners.name,
    })
    .from(applications)
    .innerJoin(calculationSets, eq(calculationSets.id, applications.calculationSetId))
    .innerJoin(partners, eq(partners.id, applications.partnerId))
    .where(eq(applications.status, 'open'))
    .orderBy(applications.sentAt)
    .limit(200);
}

/** The application named in the address (compared as text, never cast), locked for its check. */
export async function lockApplication(q: Queryable, id: string) {
  const [application] = await orm(q)
    .select({
      id: applications.id,
      calculationSetId: applications.calculationSetId,
      calculationVariantId: applications.calculationVariantId,
      status: applications.status,
    })
    .from(applications)
    .where(eq(sql`${applications.id}::text`, id))
    .for('update');
  return application;
}

export async function recordCheck(
  q: Queryable,
  id: string,
  check: {
    complete: boolean;
    missingDocuments: string[];
    infoText: string | null;
    checkedBy: string;
    referenceCode: string | null;
  },
): Promise<void> {
  await orm(q)
    .update(applications)
    .set({
      status: check.complete ? 'complete' : 'missing',
      missingDocuments: check.missingDocuments,
      infoText: check.infoText,
      checkedBy: check.checkedBy,
      checkedAt: sql`now()`,
      referenceCode: check.referenceCode,
    })
    .where(eq(applications.id, id));
}

export async function cancelOpenApplications(q: Queryable, variantId: string): Promise<void> {
  await orm(q)
    .update(applications)
    .set({ status: 'cancelled' })
    .where(and(eq(applications.calculationVariantId, variantId), eq(applications.status, 'open')));
}

export async function insertApplication(
  q: Queryable,
  application: {
    setId: string;
    variantId: string;
    partnerId: string;
    method: SigningMethod;
    sentBy: string | null;
  },
): Promise<void> {
  await orm(q).insert(applications).values({
    calculationSetId: application.setId,
    calculationVariantId: application.variantId,
    partnerId: application.partnerId,
    signingMethod: application.method,
    sentBy: application.sentBy,
  });
}

/** The next number of the contract reference codes. */
export async function nextReferenceNumber(q: Queryable): Promise<string> {
  const rows = await orm(q).execute<{ n: string }>(sql`select nextval('contract_reference_seq')::text as n`);
  return rows[0]!.n;
}
