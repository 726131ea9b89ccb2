import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { esignatureProcesses, type ProcessRecipient } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';

/** The portal's record of running e-signatures (migration 013). */
export type { ProcessRecipient };

const COLUMNS = {
  id: esignatureProcesses.id,
  calculationSetId: esignatureProcesses.calculationSetId,
  calculationVariantId: esignatureProcesses.calculationVariantId,
  envelopeId: esignatureProcesses.envelopeId,
  status: esignatureProcesses.status,
  recipients: esignatureProcesses.recipients,
};

export type ProcessRow = NonNullable<Awaited<ReturnType<typeof runningProcess>>>;

export async function runningProcess(q: Queryable, variantId: string) {
  const [row] = await orm(q)
    .select(COLUMNS)
    .from(esignatureProcesses)
    .where(
      and(eq(esignatureProcesses.calculationVariantId, variantId), eq(esignatureProcesses.status, 'running')),
    )
    .orderBy(desc(esignatureProcesses.createdAt))
    .limit(1);
  return row;
}

export async function processOfEnvelope(q: Queryable, envelopeId: string): Promise<ProcessRow | undefined> {
  const [row] = await orm(q)
    .select(COLUMNS)
    .from(esignatureProcesses)
    .where(eq(esignatureProcesses.envelopeId, envelopeId))
    .for('update');
  return row;
}

export async function saveProcess(
  q: Queryable,
  p: Pick<ProcessRow, 'id' | 'status' | 'recipients'>,
): Promise<void> {
  await orm(q)
    .update(esignatureProcesses)
    .set({ status: p.status, recipients: p.recipients })
    .where(eq(esignatureProcesses.id, p.id));
}

/** When the variant's newest e-signature started, in microseconds since the epoch (undefined: none). */
export async function latestStart(q: Queryable, variantId: string): Promise<bigint | undefined> {
  const e = esignatureProcesses;
  const [row] = await orm(q)
    .select({ at: sql<string | null>`(extract(epoch from max(${e.createdAt})) * 1000000)::bigint::text` })
    .from(e)
    .where(eq(e.calculationVariantId, variantId));
  return row?.at == null ? undefined : BigInt(row.at);
}

export const VOID_JOB = 'voidEnvelope';

/** Ends the variant's running e-signatures; their envelopes are voided at the service by a job. */
export async function voidRunningEnvelopes(q: Queryable, variantId: string, reason: string): Promise<void> {
  const ended = await orm(q)
    .update(esignatureProcesses)
    .set({ status: 'cancelled' })
    .where(
      and(eq(esignatureProcesses.calculationVariantId, variantId), eq(esignatureProcesses.status, 'running')),
    )
    .returning({ envelopeId: esignatureProcesses.envelopeId });
  for (const e of ended) await enqueueJob(q, VOID_JOB, { envelopeId: e.envelopeId, reason });
}

/** The portal's record of an envelope it started; its recipients as sent. */
export async function insertProcess(
  q: Queryable,
  p: {
    setId: string;
    variantId: string;
    envelopeId: string;
    recipients: ProcessRecipient[];
    createdBy: string;
  },
): Promise<void> {
  await orm(q).insert(esignatureProcesses).values({
    calculationSetId: p.setId,
    calculationVariantId: p.variantId,
    envelopeId: p.envelopeId,
    recipients: p.recipients,
    createdBy: p.createdBy,
  });
}
