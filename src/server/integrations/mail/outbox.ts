import nodemailer from 'nodemailer';
import type { Db, Queryable } from '../../db/db';
import { enqueueJob, type OutsideJob } from '../../jobs/queue';
import { postgresDocumentStore } from '../document-store/postgres';

/**
 * Outgoing mail is written to the `mails` table in the same transaction as what caused it, so
 * a mail is never sent for something that was rolled back, nor lost for something that was
 * saved, with a job of the mail queue (jobs/queue.ts) that sends it. With SMTP_URL the job sends
 * it through the relay (retrying); without, it leaves the mail in the table for the demo mailbox.
 */
/** A document sent with a mail; the mail refers to it, the bytes stay in `documents`. */
export interface MailAttachment {
  documentId: string;
  fileName: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: string;
  /** Documents of the portal sent along (e.g. the offer PDF). */
  attachments?: MailAttachment[];
  /** A one-time secret the text names as MAIL_SECRET: kept apart, put in only when sending. */
  secret?: string;
}

/** Where a mail's secret goes in its text (a password link's token). */
export const MAIL_SECRET = '{{mail-secret}}';

/** The text as the recipient reads it; once sent, the secret is gone for good. */
export const withSecret = (text: string, secret: string | null) =>
  text.replaceAll(MAIL_SECRET, secret ?? 'sent-and-forgotten');

export const SEND_MAIL_JOB = 'mail.send';

export async function queueMail(q: Queryable, m: MailMessage): Promise<void> {
  const [row] = await q.query<{ id: string }>(
    `insert into mails (recipient, subject, body_text, body_html, locale, attachments, secret)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [m.to, m.subject, m.text, m.html, m.locale, JSON.stringify(m.attachments ?? []), m.secret ?? null],
  );
  await enqueueJob(q, SEND_MAIL_JOB, { mailId: row!.id });
}

/** A relay that is down for a while is tried for about two hours (30 s, 1 min, … 32 min). */
const MAIL_RETRY = { attempts: 7, backoffSeconds: 30 };
/** One send may take this long; the relay's own waits end before it, so a hung relay lets go. */
const MAIL_DEADLINE_SECONDS = 60;
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Rejects when the signal aborts (the job's deadline), whatever the work is still doing. */
const until = <T>(work: Promise<T>, signal: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason instanceof Error ? signal.reason : new Error('deadline passed'));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });

/**
 * The mail job: sends the mail through the relay and marks it sent (a mail already sent is not
 * sent again); without a relay the mail stays for the demo mailbox. A mail whose attempts are
 * used up is marked failed and its secret dropped.
 */
export function sendMailJob(db: Db, relay?: { smtpUrl: string; from: string }): OutsideJob {
  const transport = relay && nodemailer.createTransport({ url: relay.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    retry: MAIL_RETRY,
    deadlineSeconds: MAIL_DEADLINE_SECONDS,
    async outside(payload, signal) {
      if (!transport || !relay) return;
      const [m] = await db.query<{
        recipient: string;
        subject: string;
        body_text: string;
        body_html: string;
        secret: string | null;
        status: string;
        attachments: { documentId: string; fileName: string }[];
      }>(
        `update mails set attempts = attempts + 1 where id = $1
         returning recipient, subject, body_text, body_html, secret, status, attachments`,
        [payload.mailId],
      );
      if (!m || m.status !== 'queued') return;
      try {
        const sending = transport.sendMail({
          from: relay.from,
          to: m.recipient,
          subject: m.subject,
          text: withSecret(m.body_text, m.secret),
          html: withSecret(m.body_html, m.secret),
          attachments: await Promise.all(
            m.attachments.map(async (a) => ({
              filename: a.fileName,
              content: (await postgresDocumentStore.get(db, a.documentId)) ?? Buffer.alloc(0),
            })),
          ),
        });
        await until(sending, signal);
      } catch (error) {
        await db.query('update mails set last_error = $2 where id = $1', [payload.mailId, String(error)]);
        throw error;
      }
      await db.query(
        `update mails set status = 'sent', sent_at = now(), last_error = null, secret = null where id = $1`,
        [payload.mailId],
      );
    },
    async failed(q, payload, error) {
      await q.query(`update mails set status = 'failed', last_error = $2, secret = null where id = $1`, [
        payload.mailId,
        error,
      ]);
    },
  };
}
