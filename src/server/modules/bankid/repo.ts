import type { Queryable } from '../../db/db';

/** The portal's record of BankID signings (migration 014): a process per start, an order per signature. */
export interface BankIdSigneeRecord {
  firstName: string;
  lastName: string;
  email: string;
  /** 12 digits; the order is then for this person only. */
  personalNumber?: string;
}

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

const PROCESS = `id, calculation_set_id as "calculationSetId", calculation_variant_id as "calculationVariantId",
  signees, with_delivery_confirmation as "withDeliveryConfirmation", status, end_hint as "endHint", next_claim as "nextClaim",
  next_claimed_at as "nextClaimedAt", created_at as "createdAt"`;

const ORDER = `id, process_id as "processId", position, signee, role, order_ref as "orderRef",
  qr_start_token as "qrStartToken", qr_start_secret as "qrStartSecret", auto_start_token as "autoStartToken",
  started_at as "startedAt", status, hint_code as "hintCode"`;

/** Both drivers give jsonb back parsed; text would come back from a cast. */
const parsed = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const toProcess = (r: BankIdProcessRow): BankIdProcessRow => ({ ...r, signees: parsed(r.signees) });
const toOrder = (r: BankIdOrderRow): BankIdOrderRow => ({ ...r, signee: parsed(r.signee) });

export const millis = (t: Date | string) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/** The variant's newest BankID process; `lock` takes its row lock (after the set's). */
export async function latestProcess(q: Queryable, variantId: string): Promise<BankIdProcessRow | undefined> {
  const [row] = await q.query<BankIdProcessRow>(
    `select ${PROCESS} from bankid_processes where calculation_variant_id = $1 order by created_at desc, id limit 1`,
    [variantId],
  );
  return row && toProcess(row);
}

export async function lockProcess(q: Queryable, processId: string): Promise<BankIdProcessRow | undefined> {
  const [row] = await q.query<BankIdProcessRow>(
    `select ${PROCESS} from bankid_processes where id = $1 for update`,
    [processId],
  );
  return row && toProcess(row);
}

/** The process's newest order (the one signing now, or the last one that ended). */
export async function currentOrder(q: Queryable, processId: string): Promise<BankIdOrderRow | undefined> {
  const [row] = await q.query<BankIdOrderRow>(
    `select ${ORDER} from bankid_orders where process_id = $1 order by seq desc limit 1`,
    [processId],
  );
  return row && toOrder(row);
}

export async function insertProcess(
  q: Queryable,
  p: {
    calculationSetId: string;
    calculationVariantId: string;
    signees: BankIdSigneeRecord[];
    withDeliveryConfirmation: boolean;
    createdBy: string | null;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into bankid_processes (calculation_set_id, calculation_variant_id, signees, with_delivery_confirmation, created_by)
     values ($1, $2, $3, $4, $5) returning id`,
    [
      p.calculationSetId,
      p.calculationVariantId,
      JSON.stringify(p.signees),
      p.withDeliveryConfirmation,
      p.createdBy,
    ],
  );
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
  const orders = await q.query<{ orderRef: string }>(
    `with ended as (
       update bankid_processes set status = 'cancelled', next_claim = null, next_claimed_at = null
        where calculation_variant_id = $1 and status = 'running' returning id)
     update bankid_orders set status = 'failed', hint_code = 'cancelled', completed_at = now()
      where process_id in (select id from ended) and status = 'pending' returning order_ref as "orderRef"`,
    [variantId],
  );
  return orders.map((o) => o.orderRef);
}

/** Whether an e-signature was started for the variant after the BankID process (which then is stale). */
export async function eSignatureStartedSince(q: Queryable, processId: string): Promise<boolean> {
  const rows = await q.query(
    `select 1 from esignature_processes e join bankid_processes b on b.id = $1
      where e.calculation_variant_id = b.calculation_variant_id and e.created_at > b.created_at limit 1`,
    [processId],
  );
  return rows.length > 0;
}
