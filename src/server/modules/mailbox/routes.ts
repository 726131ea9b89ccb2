import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { escapeHtml as esc } from '../../html';
import { withSecret } from '../../integrations/mail/outbox';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { findDocument } from '../documents';
import { attaches, findMail, recentMails } from '../../integrations/mail/mailbox';

/**
 * The demo mailbox: every mail the portal wrote, readable in the browser at /mailbox. Only
 * mounted without SMTP_URL, where no mail leaves the machine; it has no sign-in, so it answers
 * only requests from this machine (MAILBOX_OPEN=1 for a demonstration on the network) and is
 * never for production.
 */

const frame = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#eef2f7;color:#1a202c}main{max-width:900px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px 12px;border-bottom:1px solid #e2e8f0;text-align:left}
a{color:#1f4e8c}.mail{background:#fff;padding:20px;border-radius:8px}.meta{color:#4a5568;font-size:13px}form{margin:12px 0}</style>
</head><body><main>${body}</main></body></html>`;

/** The mailbox shows password links: only to this machine, unless MAILBOX_OPEN=1 says otherwise. */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

const attachmentList = (mailId: string, files: { documentId: string; fileName: string }[]) =>
  files.length
    ? `<hr><p class="meta">Attachments</p><ul>${files
        .map(
          (f) =>
            `<li><a href="/mailbox/${esc(mailId)}/attachments/${esc(f.documentId)}" data-attachment>${esc(f.fileName)}</a></li>`,
        )
        .join('')}</ul>`
    : '';

export function mailboxRoutes(app: FastifyInstance, db: Db, open: boolean, publicUrl: string): void {
  // A page of another site whose name was pointed at this machine (DNS rebinding) names its own host.
  const hosts = new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1', '[::1]']);
  // A plain hook, not an async one: it runs for every request of the server.
  app.addHook('onRequest', (req, reply, done) => {
    // The matched route (an encoded path reaches it too) and the client's address (TRUST_PROXY:
    // X-Forwarded-For only from a trusted proxy).
    if (!(req.routeOptions.url ?? '').startsWith('/mailbox')) return done();
    if (!hosts.has(req.hostname)) {
      reply.code(421).type('text/plain').send('The demo mailbox answers its own address only.');
      return;
    }
    if (open || LOOPBACK.test(req.ip)) return done();
    reply
      .code(403)
      .type('text/plain')
      .send('The demo mailbox is only available on this machine (MAILBOX_OPEN=1 opens it).');
  });
  app.get<{ Querystring: { to?: string } }>('/mailbox', { schema: { hide: true } }, async (req, reply) => {
    const to = req.query.to?.trim();
    const mails = await recentMails(db, to || undefined);
    const rows = mails
      .map(
        (
          m,
        ) => `<tr><td>${esc(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${esc(m.recipient)}</td>
<td><a href="/mailbox/${m.id}">${esc(m.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(
        frame(
          'Demo mailbox',
          `<h1>Demo mailbox</h1><p class="meta">Mails the portal sent. Set SMTP_URL to send them through a real relay instead.</p>
<form><label>Recipient <input name="to" value="${esc(to ?? '')}"></label> <button>Filter</button></form>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table>`,
        ),
      );
  });

  // An attachment of a mail, as the recipient would open it.
  app.get<{ Params: { id: string; documentId: string } }>(
    '/mailbox/:id/attachments/:documentId',
    { schema: { hide: true } },
    async (req, reply) => {
      const { id, documentId } = req.params;
      // Another document id than the mail's attachments finds nothing.
      const file = (await attaches(db, id, documentId)) ? await findDocument(db, documentId) : undefined;
      const content = file && (await postgresDocumentStore.get(db, file.id));
      if (!file || !content) return reply.code(404).type('text/plain').send('No such attachment.');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName.replace(/"/g, '')}"`)
        .send(content);
    },
  );

  app.get<{ Params: { id: string } }>('/mailbox/:id', { schema: { hide: true } }, async (req, reply) => {
    const mail = await findMail(db, req.params.id);
    if (!mail)
      return reply
        .code(404)
        .type('text/html')
        .send(frame('Not found', '<p>No such mail. <a href="/mailbox">Back</a></p>'));
    const body = withSecret(mail.html, mail.secret)
      .replace(/^[\s\S]*<body[^>]*>/i, '')
      .replace(/<\/body>[\s\S]*$/i, '');
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(
        frame(
          mail.subject,
          `<p><a href="/mailbox">← Demo mailbox</a></p><div class="mail"><h1>${esc(mail.subject)}</h1>
<p class="meta">To ${esc(mail.recipient)} · ${esc(mail.createdAt.toISOString())}</p><hr>${body}${attachmentList(req.params.id, mail.attachments)}</div>`,
        ),
      );
  });
}
