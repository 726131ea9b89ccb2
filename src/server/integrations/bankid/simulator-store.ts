import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db';
import type { BankIdCompletionData } from './port';

/**
 * The BankID simulator's orders and keys, in the database (table bankid_sim_orders, settings):
 * every server copy sees every order and seals with the same key, so an order may be started,
 * opened in the app page, signed and collected through different copies.
 *
 * Times are the simulator's clock (milliseconds since the epoch, passed in), never the
 * database's `now()`: tests move that clock to expire orders. Every change of an order's state
 * is one conditional update (`… where state in ('outstanding', 'opened') and not expired`), so
 * of an approval, a cancellation and an expiry racing on two copies exactly one wins.
 */

export const START_TIMEOUT_MS = 30_000;
export const SIGN_TIMEOUT_MS = 180_000;
export const KEEP_ENDED_MS = 5 * 60_000;
export const MAX_ORDERS = 10_000;

export type OrderState = 'outstanding' | 'opened' | 'complete' | 'failed';

export interface SimOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  /** The app page's handle of the order (its forms carry it, not the relying party's orderRef). */
  appSession: string;
  startedAt: number;
  endUserIp: string;
  /** Base64, as sent. */
  userVisibleData: string;
  userNonVisibleData?: string;
  userVisibleDataFormat?: string;
  personalNumber?: string;
  state: OrderState;
  hintCode?: string;
  completionData?: BankIdCompletionData;
  endedAt?: number;
}

export const isPending = (o: SimOrder) => o.state === 'outstanding' || o.state === 'opened';

interface Row {
  order_ref: string;
  auto_start_token: string;
  qr_start_token: string;
  qr_start_secret: string;
  app_session: string;
  started_at: Date;
  end_user_ip: string;
  user_visible_data: string;
  user_non_visible_data: string | null;
  user_visible_data_format: string | null;
  personal_number: string | null;
  state: OrderState;
  hint_code: string | null;
  completion_data: BankIdCompletionData | null;
  ended_at: Date | null;
}

const toOrder = (r: Row): SimOrder => ({
  orderRef: r.order_ref,
  autoStartToken: r.auto_start_token,
  qrStartToken: r.qr_start_token,
  qrStartSecret: r.qr_start_secret,
  appSession: r.app_session,
  startedAt: r.started_at.getTime(),
  endUserIp: r.end_user_ip,
  userVisibleData: r.user_visible_data,
  userNonVisibleData: r.user_non_visible_data ?? undefined,
  userVisibleDataFormat: r.user_visible_data_format ?? undefined,
  personalNumber: r.personal_number ?? undefined,
  state: r.state,
  hintCode: r.hint_code ?? undefined,
  completionData: r.completion_data ?? undefined,
  endedAt: r.ended_at?.getTime(),
});

/** What an order can be found by. */
export type OrderKey = 'order_ref' | 'auto_start_token' | 'qr_start_token' | 'app_session';

/**
 * Still pending at the clock's time; $a and $b are the starts before which outstanding and
 * opened orders have expired (`cuts`). The `state in` lets the partial indexes serve it.
 */
const LIVE = (a: number, b: number) =>
  `state in ('outstanding', 'opened')
   and (state = 'outstanding' and started_at > $${a} or state = 'opened' and started_at > $${b})`;
const cuts = (now: number) => [new Date(now - START_TIMEOUT_MS), new Date(now - SIGN_TIMEOUT_MS)];

export type Ending =
  | { state: 'complete'; completionData: BankIdCompletionData }
  | { state: 'failed'; hintCode: 'cancelled' | 'userCancel' };

export function simOrderStore(db: Db) {
  const find = async (key: OrderKey, value: string) => {
    const [row] = await db.query<Row>(`select * from bankid_sim_orders where ${key} = $1`, [value]);
    return row && toOrder(row);
  };

  return {
    find,

    /**
     * Expires the orders that waited too long and forgets those that ended long ago; run before
     * every look-up. SKIP LOCKED: rows another copy is changing right now are its business (its
     * update is conditional too), and two copies tidying at once cannot deadlock.
     */
    async tidy(now: number) {
      const [startCut, signCut] = cuts(now);
      const due = `(state = 'outstanding' and started_at <= $1 or state = 'opened' and started_at <= $2)`;
      await db.query(
        `update bankid_sim_orders
            set state = 'failed', hint_code = 'expiredTransaction',
                ended_at = started_at + (case state when 'outstanding' then $3::float8 else $4::float8 end)
                           * interval '1 millisecond'
          where ${due} and order_ref in (
                  select order_ref from bankid_sim_orders
                   where state in ('outstanding', 'opened') and ${due}
                     for update skip locked)`,
        [startCut, signCut, START_TIMEOUT_MS, SIGN_TIMEOUT_MS],
      );
      await db.query(
        `delete from bankid_sim_orders
          where order_ref in (
                  select order_ref from bankid_sim_orders where ended_at <= $1 for update skip locked)`,
        [new Date(now - KEEP_ENDED_MS)],
      );
    },

    /**
     * Stores a new order, unless its person has one in progress (both then end, as with BankID)
     * or the table is full. The lock on the personal number makes two copies starting orders
     * for one person at once see each other.
     */
    async start(o: SimOrder, now: number): Promise<'started' | 'alreadyInProgress' | 'full'> {
      return db.tx(async (q) => {
        if (o.personalNumber) {
          await q.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
            `bankid-sim:${o.personalNumber}`,
          ]);
          const running = await q.query(
            `update bankid_sim_orders set state = 'failed', hint_code = 'cancelled', ended_at = $4
              where personal_number = $1 and ${LIVE(2, 3)} returning order_ref`,
            [o.personalNumber, ...cuts(now), new Date(now)],
          );
          if (running.length > 0) return 'alreadyInProgress';
        }
        // A flood of orders is refused rather than kept (copies racing may pass it by a few).
        const [count] = await q.query<{ n: number }>(
          'select count(*)::int as n from (select 1 from bankid_sim_orders limit $1) o',
          [MAX_ORDERS],
        );
        if (count!.n >= MAX_ORDERS) return 'full';
        await q.query(
          `insert into bankid_sim_orders (order_ref, auto_start_token, qr_start_token, qr_start_secret,
             app_session, started_at, end_user_ip, user_visible_data, user_non_visible_data,
             user_visible_data_format, personal_number, state)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'outstanding')`,
          [
            o.orderRef,
            o.autoStartToken,
            o.qrStartToken,
            o.qrStartSecret,
            o.appSession,
            new Date(o.startedAt),
            o.endUserIp,
            o.userVisibleData,
            o.userNonVisibleData ?? null,
            o.userVisibleDataFormat ?? null,
            o.personalNumber ?? null,
          ],
        );
        return 'started';
      });
    },

    /** Marks a pending order opened in the app; undefined when there is none such still pending. */
    async open(key: OrderKey, value: string, now: number) {
      const [row] = await db.query<Row>(
        `update bankid_sim_orders set state = 'opened' where ${key} = $1 and ${LIVE(2, 3)} returning *`,
        [value, ...cuts(now)],
      );
      return row && toOrder(row);
    },

    /** Ends a pending order; undefined when it was no longer pending (another change won). */
    async end(orderRef: string, now: number, ending: Ending) {
      const [row] = await db.query<Row>(
        `update bankid_sim_orders set state = $4, hint_code = $5, completion_data = $6, ended_at = $7
          where order_ref = $1 and ${LIVE(2, 3)} returning *`,
        [
          orderRef,
          ...cuts(now),
          ending.state,
          ending.state === 'failed' ? ending.hintCode : null,
          ending.state === 'complete' ? JSON.stringify(ending.completionData) : null,
          new Date(now),
        ],
      );
      return row && toOrder(row);
    },
  };
}

const KEYS_SETTING = 'bankid-simulator';

/**
 * The simulator's signing key and API key, made once and kept in the settings table, so that
 * every server copy seals and verifies with the same key and accepts the same caller.
 */
export async function loadSimulatorKeys(db: Db): Promise<{ signingKey: Buffer; apiKey: string }> {
  type Stored = { signingKey: string; apiKey: string };
  const read = async () =>
    (await db.query<{ value: Stored }>('select value from settings where key = $1', [KEYS_SETTING]))[0]
      ?.value;
  let stored = await read();
  if (!stored) {
    const made: Stored = {
      signingKey: randomBytes(32).toString('base64'),
      apiKey: randomBytes(24).toString('base64url'),
    };
    // A copy starting at the same time may have won; read back whatever is stored.
    await db.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
      KEYS_SETTING,
      JSON.stringify(made),
    ]);
    stored = (await read())!;
  }
  return { signingKey: Buffer.from(stored.signingKey, 'base64'), apiKey: stored.apiKey };
}
