import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { bankidOrders, bankidProcesses, type BankIdSigneeRecord } from '../../db/schema';

/** The portal's record of BankID signings (migration 014): a process per start, an order per signature. */
export type { BankIdSigneeRecord };

const p = bankidProcesses;
const o = bankidOrders;

const PROCESS = {
  id: p.id,
  calculationSetId: p.calculationSetId,
  calculationVariantId: p.calculationVariantId,
  signees: p.signees,
  withDeliveryConfirmation: p.withDeliveryConfirmation,
  status: p.status,
  endHint: p.endHint,
  nextClaim: p.nextClaim,
  nextClaimedAt: p.nextClaimedAt,
  createdAt: p.createdAt,
};

const ORDER = {
  id: o.id,
  processId: o.processId,
  position: o.position,
  signee: o.signee,
  role: o.role,
  orderRef: o.orderRef,
  qrStartToken: o.qrStartToken,
  qrStartSecret: o.qrStartSecret,
  autoStartToken: o.autoStartToken,
  startedAt: o.startedAt,
  status: o.status,
  hintCode: o.hintCode,
};

export interface BankIdProcessRow {
  id: string;
  calculationSetId: string;
  calculationVariantId: string;
  signees: BankIdSigneeRecord[];
  withDeliveryConfirmation: boolean;
  status: 'running' | 'completed' | 'cancelled' | 'failed';
  endHint: string | null;
  nextClaim: string | null;
  nextClaimedAt: Date | string | null;
  createdAt: Date | string;
}

export interface BankIdOrderRow {
  id: string;
  processId: string;
  position: number;
  signee: BankIdSigneeRecord;
  role: 'customer' | 'delivery';
  orderRef: string;
  qrStartToken: string;
  qrStartSecret: string;
  autoStartToken: string;
  startedAt: Date | string;
  status: 'pending' | 'complete' | 'failed';
  hintCode: string | null;
}

export const millis = (t: Date | string) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/** The variant's newest BankID process; `lock` takes its row lock (after the set's). */
export async function latestProcess(q: Queryable, variantId: string): Promise<BankIdProcessRow | undefined> {
  const [row] = await orm(q)
    .select(PROCESS)
    .from(p)
    .where(eq(p.calculationVariantId, variantId))
    .orderBy(desc(p.createdAt), p.id)
    .limit(1);
  return row;
}

export async function lockProcess(q: Queryable, processId: string): Promise<BankIdProcessRow | undefined> {
  const [row] = await orm(q).select(PROCESS).from(p).where(eq(p.id, processId)).for('update');
  return row;
}

/** The process's newest order (the one signing now, or the last one that ended). */
export async function currentOrder(q: Queryable, processId: string): Promise<BankIdOrderRow | undefined> {
  const [row] = await orm(q)
    .select(ORDER)
    .from(o)
    .where(eq(o.processId, processId))
    .orderBy(desc(o.seq))
    .limit(1);
  return row;
}

export async function insertProcess(
  q: Queryable,
  process: {
    calculationSetId: string;
    calculationVariantId: string;
    signees: BankIdSigneeRecord[];
    withDeliveryConfirmation: boolean;
    createdBy: string | null;
  },
): Promise<string> {
  const [row] = await orm(q).insert(p).values(process).returning({ id: p.id });
  return row!.id;
}

export async function insertOrder(
  q: Queryable,
  o: {
    processId: string;
    position: number;
    calculationSetId: string;
    calculationVariantId: string;
    signee: BankIdSigneeRecord;
    role: 'customer' | 'delivery';
    orderRef: string;
    qrStartToken: string;
    qrStartSecret: string;
    autoStartToken: string;
    startedAt: number;
  },
): Promise<void> {
  await q.query(
    `insert into bankid_orders (process_id, position, calculation_set_id, calculation_variant_id, signee, role,
       order_ref, qr_start_token, qr_start_secret, auto_start_token, started_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      o.processId,
      o.position,
      o.calculationSetId,
      o.calculationVariantId,
      JSON.stringify(o.signee),
      o.role,
      o.orderRef,
      o.qrStartToken,
      o.qrStartSecret,
      o.autoStartToken,
      new Date(o.startedAt).toISOString(),
    ],
  );
}

export async function setOrderHint(q: Queryable, orderId: string, hintCode: string): Promise<void> {
  await q.query('update bankid_orders set hint_code = $2 where id = $1', [orderId, hintCode]);
}

export async function failOrder(q: Queryable, orderId: string, hintCode: string): Promise<void> {
  await q.query(
    `update bankid_orders set status = 'failed', hint_code = $2, completed_at = now() where id = $1 and status = 'pending'`,
    [orderId, hintCode],
  );
}

export async function completeOrder(q: Queryable, orderId: string, completionData: unknown): Promise<void> {
  await q.query(
    `update bankid_orders set status = 'complete', hint_code = null, completion_data = $2, completed_at = now()
      where id = $1 and status = 'pending'`,
    [orderId, JSON.stringify(completionData)],
  );
}

export async function endProcess(
  q: Queryable,
  processId: string,
  status: 'completed' | 'cancelled' | 'failed',
  endHint: string | null = null,
): Promise<void> {
  await q.query(
    `update bankid_processes set status = $2, end_hint = $3, next_claim = null, next_claimed_at = null
      where id = $1 and status = 'running'`,
    [processId, status, endHint],
  );
}

export async function claimNext(q: Queryable, processId: string, claim: string): Promise<void> {
  await q.query('update bankid_processes set next_claim = $2, next_claimed_at = now() where id = $1', [
    processId,
    claim,
  ]);
}

export async function releaseClaim(q: Queryable, processId: string): Promise<void> {
  await q.query('update bankid_processes set next_claim = null, next_claimed_at = null where id = $1', [
    processId,
  ]);
}

/**
 * Ends the variant's running BankID processes (a new start, or the signing moved elsewhere) and
 * answers the orderRefs still pending, for BankID's cancel after the transaction.
 */
export async function endRunningProcesses(q: Queryable, variantId: string): Promise<string[]> {
  const db = orm(q);
  const ended = db.$with('ended').as(
    db
      .update(p)
      .set({ status: 'cancelled', nextClaim: null, nextClaimedAt: null })
      .where(and(eq(p.calculationVariantId, variantId), eq(p.status, 'running')))
      .returning({ id: p.id }),
  );
  const orders = await db
    .with(ended)
    .update(o)
    .set({ status: 'failed', hintCode: 'cancelled', completedAt: sql`now()` })
    .where(and(inArray(o.processId, db.select({ id: ended.id }).from(ended)), eq(o.status, 'pending')))
    .returning({ orderRef: o.orderRef });
  return orders.map((r) => r.orderRef);
}

const micros = sql<string | null>`(extract(epoch from max(${p.createdAt})) * 1000000)::bigint::text`;

/** When the variant's newest BankID process started, in microseconds since the epoch (undefined: none). */
export async function latestStart(q: Queryable, variantId: string): Promise<bigint | undefined> {
  const [row] = await orm(q).select({ at: micros }).from(p).where(eq(p.calculationVariantId, variantId));
  return row?.at == null ? undefined : BigInt(row.at);
}

/** When this process started, in microseconds since the epoch. */
export async function startOf(q: Queryable, processId: string): Promise<bigint | undefined> {
  const [row] = await orm(q).select({ at: micros }).from(p).where(eq(p.id, processId));
  return row?.at == null ? undefined : BigInt(row.at);
}
