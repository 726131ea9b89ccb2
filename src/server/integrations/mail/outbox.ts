import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db';

/**
 * Outgoing mail is written to the `mails` table in the same transaction as what caused it, so
 * a mail is never sent for something that was rolled back, nor lost for something that was
 * saved. With SMTP_URL a dispatcher sends queued mails through the relay (retrying); without
 * it they stay in the table and show in the demo mailbox.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: string;
  /** Documents of the portal sent along (e.g. the offer PDF). */
  attachments?: { documentId: string; fileName: string }[];
  /** A one-time secret the text names as MAIL_SECRET: kept apart, put in only when sending. */
  secret?: string;
}

/** Where a mail's secret goes in its text (a password link's token). */
export const MAIL_SECRET = '{{mail-secret}}';

/** The text as the recipient reads it; once sent, the secret is gone for good. */
export const withSecret = (text: string, secret: string | null) =>
  text.replaceAll(MAIL_SECRET, secret ?? 'sent-and-forgotten');

export async function queueMail(q: Queryable, m: MailMessage): Promise<void> {
  await q.query(
    'insert into mails (recipient, subject, body_text, body_html, locale, attachments, secret) values ($1, $2, $3, $4, $5, $6, $7)',
    [m.to, m.subject, m.text, m.html, m.locale, JSON.stringify(m.attachments ?? []), m.secret ?? null],
  );
}

const MAX_ATTEMPTS = 5;

/** Sends queued mails through the relay every few seconds; several server copies share the work. */
export function startMailDispatcher(
  db: Db,
  smtpUrl: string,
  from: string,
  log: FastifyBaseLogger,
): () => void {
  const transport = nodemailer.createTransport(smtpUrl);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Queued mails that are due, and claims older than 5 minutes (a copy died mid-send).
      const batch = await db.query<{
        id: string;
        recipient: string;
        subject: string;
        body_text: string;
        body_html: string;
        secret: string | null;
        attachments: { documentId: string; fileName: string }[];
      }>(
        `update mails set status = 'sending', attempts = attempts + 1, claimed_at = now()
          where id in (select id from mails
                        where (status = 'queued' and next_attempt_at <= now())
                           or (status = 'sending' and claimed_at < now() - interval '5 minutes')
                        order by created_at limit 10 for update skip locked)
          returning id, recipient, subject, body_text, body_html, secret, attachments`,
      );
      for (const m of batch) {
        try {
          await transport.sendMail({
            from,
            to: m.recipient,
            subject: m.subject,
            text: withSecret(m.body_text, m.secret),
            html: withSecret(m.body_html, m.secret),
            attachments: await Promise.all(
              m.attachments.map(async (a) => {
                const [doc] = await db.query<{ content: Uint8Array }>(
                  'select content from documents where id = $1',
                  [a.documentId],
                );
                return { filename: a.fileName, content: Buffer.from(doc?.content ?? []) };
              }),
            ),
          });
          await db.query(
            `update mails set status = 'sent', sent_at = now(), last_error = null, secret = null where id = $1`,
            [m.id],
          );
        } catch (error) {
          log.warn({ err: error, mailId: m.id }, 'mail not sent');
          await db.query(
            `update mails set status = case when attempts >= $2 then 'failed' else 'queued' end, last_error = $3,
               secret = case when attempts >= $2 then null else secret end,
               next_attempt_at = now() + make_interval(secs => 30 * power(2, attempts)::int) where id = $1`,
            [m.id, MAX_ATTEMPTS, String(error)],
          );
        }
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(
    () => void tick().catch((e: unknown) => log.error({ err: e }, 'mail dispatcher failed')),
    2000,
  );
  return () => clearInterval(timer);
}
