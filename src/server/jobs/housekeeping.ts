import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { pruneExpiredPayloads } from '../identity/adapter';
import { THROTTLE } from '../identity/throttle';
import { IDEMPOTENCY_RETENTION_DAYS } from '../plugins/idempotency';
import { adoptOldJobs } from './queue';

/**
 * How long the server keeps what it only needs for a while (docs/security.md, "Retention"),
 * pruned at start and every hour by each server copy (deleting twice does no harm).
 */
export const RETENTION = {
  /** Mails of any state; their secrets go once the link could no longer be used. */
  mailDays: 30,
  mailSecretHours: 72,
  uiErrorDays: 30,
  /** Of the previous version's job table, until a later migration drops it (pg-boss keeps its own: jobs/queue.ts). */
  finishedJobDays: 7,
  failedJobDays: 30,
  idempotencyDays: IDEMPOTENCY_RETENTION_DAYS,
  signInAddressDays: THROTTLE.knownAddressDays,
  /** The e-signature simulator's envelopes (a demonstration keeps a month). */
  simulatorEnvelopeDays: 30,
  /**
   * The opens of an offer link, long after it could be answered (30 days): the first stays, as
   * the time the link was first opened, without its address. Its answers stay with the link,
   * the record of what the customer said.
   */
  offerLinkOpenDays: 90,
} as const;

const STATEMENTS: [string, unknown[]][] = [
  ['delete from mails where created_at < now() - make_interval(days => $1)', [RETENTION.mailDays]],
  [
    'update mails set secret = null where secret is not null and created_at < now() - make_interval(hours => $1)',
    [RETENTION.mailSecretHours],
  ],
  ['delete from ui_errors where created_at < now() - make_interval(days => $1)', [RETENTION.uiErrorDays]],
  [
    'delete from jobs where done_at is not null and done_at < now() - make_interval(days => $1)',
    [RETENTION.finishedJobDays],
  ],
  ['delete from jobs where failed_at < now() - make_interval(days => $1)', [RETENTION.failedJobDays]],
  [
    'delete from idempotency_keys where created_at < now() - make_interval(days => $1)',
    [RETENTION.idempotencyDays],
  ],
  ['delete from sign_in_failures where at < now() - make_interval(mins => $1)', [THROTTLE.windowMinutes]],
  [
    'delete from sign_in_addresses where last_success_at < now() - make_interval(days => $1)',
    [RETENTION.signInAddressDays],
  ],
  ['delete from rate_limits where reset_at < now()', []],
  [
    'delete from esign_sim_envelopes where updated_at < now() - make_interval(days => $1)',
    [RETENTION.simulatorEnvelopeDays],
  ],
  ['delete from revoked_grants where until < now()', []],
  [
    `delete from offer_link_events e where e.kind = 'opened' and e.at < now() - make_interval(days => $1)
      and exists (select 1 from offer_link_events f
        where f.offer_link_id = e.offer_link_id and f.kind = 'opened' and f.id < e.id)`,
    [RETENTION.offerLinkOpenDays],
  ],
  [
    `update offer_link_events set address = '' where kind = 'opened' and address <> ''
      and at < now() - make_interval(days => $1)`,
    [RETENTION.offerLinkOpenDays],
  ],
];

export async function housekeeping(db: Db): Promise<void> {
  for (const [sql, params] of STATEMENTS) await db.query(sql, params);
  await adoptOldJobs(db);
  await pruneExpiredPayloads(db);
}

export function startHousekeeping(app: FastifyInstance, db: Db): void {
  const run = () =>
    void housekeeping(db).catch((e: unknown) => app.log.warn({ err: e }, 'housekeeping failed'));
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
}
