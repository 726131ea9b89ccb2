import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { documents, mails } from '../../db/schema';

/** SQL of the demo mailbox. Ids come from the address bar: compared as text, never cast. */
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

/** A document the mail names as its attachment (another document id finds nothing). */
export async function findAttachment(q: Queryable, mailId: string, documentId: string) {
  const [file] = await orm(q)
    .select({ fileName: documents.fileName, content: documents.content })
    .from(mails)
    .innerJoin(
      documents,
      sql`${documents.id}::text = ${documentId}
          and ${mails.attachments} @> jsonb_build_array(jsonb_build_object('documentId', ${documentId}::text))`,
    )
    .where(eq(sql`${mails.id}::text`, mailId));
  return file;
}
