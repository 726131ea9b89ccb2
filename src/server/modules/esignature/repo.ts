import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { esignatureProcesses, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';

/** The portal's record of running e-signatures (migration 013). */
export interface ProcessRecipient {
  recipientId: string;
  role: 'customer' | 'partner' | 'delivery';
  name: string;
  email: string;
  routingOrder: number;
  accessCode?: string;
  status: 'sent' | 'completed' | 'declined';
}
export interface ProcessRow {
  id: string;
  calculationSetId: string;
  calculationVariantId: string;
  envelopeId: string;
  status: 'running' | 'completed' | 'cancelled' | 'declined';
  recipients: ProcessRecipient[];
}

const COLUMNS = `id, calculation_set_id as "calculationSetId", calculation_variant_id as "calculationVariantId",
  envelope_id as "envelopeId", status, recipients`;

export async function runningProcess(q: Queryable, variantId: string): Promise<ProcessRow | undefined> {
  const [row] = await q.query<ProcessRow>(
    `select ${COLUMNS} from esignature_processes where calculation_variant_id = $1 and status = 'running'
      order by created_at desc limit 1`,
    [variantId],
  );
  return row;
}

export async function processOfEnvelope(q: Queryable, envelopeId: string): Promise<ProcessRow | undefined> {
  const [row] = await q.query<ProcessRow>(
    `select ${COLUMNS} from esignature_processes where envelope_id = $1 for update`,
    [envelopeId],
  );
  return row;
}

export async function saveProcess(
  q: Queryable,
  p: Pick<ProcessRow, 'id' | 'status' | 'recipients'>,
): Promise<void> {
  await q.query('update esignature_processes set status = $2, recipients = $3 where id = $1', [
    p.id,
    p.status,
    JSON.stringify(p.recipients),
  ]);
}

export const VOID_JOB = 'voidEnvelope';

/** Ends the variant's running e-signatures; their envelopes are voided at the service by a job. */
export async function voidRunningEnvelopes(q: Queryable, variantId: string, reason: string): Promise<void> {
  const ended = await q.query<{ envelopeId: string }>(
    `update esignature_processes set status = 'cancelled' where calculation_variant_id = $1 and status = 'running'
     returning envelope_id as "envelopeId"`,
    [variantId],
  );
  for (const e of ended) await enqueueJob(q, VOID_JOB, { envelopeId: e.envelopeId, reason });
}

/** The partner's own signee a user keeps for the next envelopes (users.signee_partner). */
export async function findPartnerSignee(q: Queryable, userId: string): Promise<unknown> {
  const [row] = await orm(q).select({ signee: users.signeePartner }).from(users).where(eq(users.id, userId));
  return row?.signee ?? null;
}

export async function savePartnerSignee(q: Queryable, userId: string, signee: object): Promise<void> {
  await orm(q).update(users).set({ signeePartner: signee }).where(eq(users.id, userId));
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
