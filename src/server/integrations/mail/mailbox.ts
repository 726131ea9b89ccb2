import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { mails } from '../../db/schema';

/**
 * What the demo mailbox (src/server/modules/mailbox) reads of the mails this integration keeps.
 * Ids come from the address bar: compared as text, never cast.
 */
export async function recentMails(q: Queryable, to: string | undefined) {
  return orm(q)
    .select({ id: mails.id, recipient: mails.recipient, subject: mails.subject, createdAt: mails.createdAt })
    .from(mails)
    .where(to ? eq(sql`lower(${mails.recipient})`, sql`lower(${to})`) : undefined)
    .orderBy(desc(mails.createdAt))
    .limit(200);
}

export async function findMail(q: Queryable, id: string) {
  const [mail] = await orm(q)
    .select({
      recipient: mails.recipient,
      subject: mails.subject,
      html: mails.bodyHtml,
      secret: mails.secret,
      createdAt: mails.createdAt,
      attachments: mails.attachments,
    })
    .from(mails)
    .where(eq(sql`${mails.id}::text`, id));
  return mail;
}

/** Whether the mail names this document as its attachment. */
export async function attaches(q: Queryable, mailId: string, documentId: string): Promise<boolean> {
  const rows = await orm(q)
    .select({ id: mails.id })
    .from(mails)
    .where(
      and(
        eq(sql`${mails.id}::text`, mailId),
        sql`${mails.attachments} @> jsonb_build_array(jsonb_build_object('documentId', ${documentId}::text))`,
      ),
    );
  return rows.length > 0;
}
