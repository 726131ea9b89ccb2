import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../test/harness';
import { housekeeping, RETENTION } from './housekeeping';

/** What the server keeps only for a while is gone after its retention, and nothing younger. */
describe.each(DB_KINDS)('housekeeping (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const mail = (subject: string, at: Date, secret: string | null) =>
    t.db.query(
      `insert into mails (recipient, subject, body_text, body_html, locale, secret, created_at)
       values ('x@example.com', $1, 't', 'h', 'en-IE', $2, $3)`,
      [subject, secret, at],
    );

  it('prunes mails, their secrets, error reports, finished and failed jobs and idempotency records', async () => {
    await mail('old', ago(RETENTION.mailDays + 1), null);
    await mail('link of last week', ago(7), 'token-1');
    await mail('link of today', ago(0), 'token-2');
    await t.db.query(
      `insert into ui_errors (correlation_id, message, created_at) values ('c1', 'old', $1), ('c2', 'new', now())`,
      [ago(RETENTION.uiErrorDays + 1)],
    );
    await t.db.query(
      `insert into jobs (kind, payload, done_at) values ('old', '{}', $1), ('recent', '{}', now()), ('waiting', '{}', null)`,
      [ago(RETENTION.finishedJobDays + 1)],
    );
    await t.db.query(
      `insert into jobs (kind, payload, failed_at) values ('failed-old', '{}', $1), ('failed-last-week', '{}', $2)`,
      [ago(RETENTION.failedJobDays + 1), ago(RETENTION.finishedJobDays + 1)],
    );

    const [user] = await t.db.query<{ id: string }>('select id from users limit 1');
    await t.db.query(
      `insert into idempotency_keys (user_id, key, request_hash, state, status, created_at)
       values ($1, 'old-key', 'h', 'done', 201, $2), ($1, 'young-key', 'h', 'done', 201, now())`,
      [user!.id, ago(RETENTION.idempotencyDays + 1)],
    );

    await housekeeping(t.db);

    const mails = await t.db.query<{ subject: string; secret: string | null }>(
      `select subject, secret from mails where recipient = 'x@example.com' order by created_at`,
    );
    expect(mails).toEqual([
      { subject: 'link of last week', secret: null },
      { subject: 'link of today', secret: 'token-2' },
    ]);
    expect(
      (
        await t.db.query<{ c: string }>(
          `select correlation_id as c from ui_errors where correlation_id in ('c1', 'c2')`,
        )
      ).map((r) => r.c),
    ).toEqual(['c2']);
    expect(
      (
        await t.db.query<{ kind: string }>(
          `select kind from jobs where kind in ('old', 'recent', 'waiting', 'failed-old', 'failed-last-week') order by kind`,
        )
      ).map((r) => r.kind),
    ).toEqual(['failed-last-week', 'recent', 'waiting']);
    expect(
      (await t.db.query<{ key: string }>(`select key from idempotency_keys where key like '%-key'`)).map(
        (r) => r.key,
      ),
    ).toEqual(['young-key']);
  });
});

/** A rolling upgrade: jobs the previous version left in its own table move to pg-boss and run there. */
describe.each(DB_KINDS)('jobs of the previous version (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('are moved to their queue by the next round, once, and one of an unknown kind stays', async () => {
    const mailId = '5f0b6c1e-0000-4000-8000-00000000c0de';
    await t.db.query(`insert into jobs (kind, payload) values ('mail.send', $1), ('from.the.future', '{}')`, [
      JSON.stringify({ mailId }),
    ]);
    await housekeeping(t.db);
    await housekeeping(t.db);
    const moved = await t.db.query<{ state: string }>(
      `select state from pgboss.job where name = 'mail.send' and data->>'mailId' = $1`,
      [mailId],
    );
    expect(moved).toHaveLength(1);
    expect(
      (await t.db.query<{ kind: string }>('select kind from jobs where done_at is null')).map((r) => r.kind),
    ).toEqual(['from.the.future']);
  });
});
