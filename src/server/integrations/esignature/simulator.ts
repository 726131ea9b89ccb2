import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errors, importSPKI, jwtVerify } from 'jose';
import type { Db, Queryable } from '../../db/db';
import { escapeHtml as esc } from '../../html';
import { queueMail } from '../mail/outbox';
import { JWT_BEARER_GRANT } from './docusign-auth';
import { connectSignature, SIGNATURE_HEADER, type ConnectEvent } from './port';

/**
 * A built-in e-signature service speaking the subset of DocuSign's eSignature REST API v2.1
 * the portal uses (create, void, read, combined document), with its envelope model: recipients
 * by routing order, envelope and recipient statuses (sent, delivered, completed, declined,
 * voided), e-mails with a signing link to each recipient when their turn comes, a signing page
 * that shows the document and asks for the access code, and Connect-style webhooks signed with
 * HMAC-SHA256 of the body. It is an outside party: it keeps its own table and reaches the
 * portal only through `deliver` (the webhook) and e-mail. Its REST API answers the bearers of
 * access tokens it issued by DocuSign's JWT grant at `{prefix}/oauth/token`.
 */
const CONNECT_DELAY_MS = 250;

interface SimRecipient {
  recipientId: string;
  name: string;
  email: string;
  routingOrder: number;
  roleName: string;
  accessCode: string | null;
  token: string;
  status: 'created' | 'sent' | 'delivered' | 'completed' | 'declined';
  signedAt: string | null;
}
interface SimEnvelope {
  id: string;
  accountId: string;
  subject: string;
  status: 'sent' | 'delivered' | 'completed' | 'declined' | 'voided';
  recipients: SimRecipient[];
}

export interface ESignatureSimulatorOptions {
  publicUrl: string;
  hmacSecret: string;
  /** The one application (the portal) that may have access tokens, by DocuSign's JWT grant. */
  jwtGrant: {
    integrationKey: string;
    userId: string;
    /** The application's RSA public key (PEM, SPKI) its assertions are checked with. */
    publicKey: string | CryptoKey;
    /** The assertions' `aud`: the auth server's host as the application knows it. */
    audience: string;
    /** The life of an access token in seconds; default 3600. */
    tokenLifetimeSeconds?: number;
  };
  /** Milliseconds since the epoch; a test's clock for assertions and access tokens. */
  now?: () => number;
  /** Sends a Connect message to the portal (its raw body and headers). */
  deliver(rawBody: string, headers: Record<string, string>): Promise<void>;
  prefix?: string;
}

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}main{max-width:560px;margin:0 auto;padding:24px}
.card{background:#fff;border-radius:10px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}h1{font-size:22px;margin:0 0 12px}
label{display:block;font-weight:600;margin:16px 0 6px}input{font:inherit;padding:10px;width:100%;box-sizing:border-box;border:1px solid #9ca3af;border-radius:6px}
button{font:inherit;padding:10px 18px;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;margin:16px 8px 0 0;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}.muted{color:#4b5563;font-size:14px}.error{color:#b91c1c}</style>
</head><body><main><p class="muted">E-signature service (simulator)</p><div class="card">${body}</div></main></body></html>`;

export async function registerESignatureSimulator(
  parent: FastifyInstance,
  db: Db,
  opts: ESignatureSimulatorOptions,
): Promise<void> {
  const key = opts.jwtGrant.publicKey;
  const publicKey = typeof key === 'string' ? await importSPKI(key, 'RS256') : key;
  await parent.register((app, _opts, done) => {
    // The signing page posts a plain form (no script runs under the portal's CSP).
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, parsed) => parsed(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    simulatorRoutes(app, db, opts, publicKey);
    done();
  });
}

const CLAIM_REFUSALS: Record<string, string> = {
  iss: 'issuer_not_found',
  sub: 'user_not_found',
  aud: 'invalid audience',
};

function simulatorRoutes(
  app: FastifyInstance,
  db: Db,
  opts: ESignatureSimulatorOptions,
  publicKey: CryptoKey,
): void {
  const prefix = opts.prefix ?? '/esign-sim';
  const api = `${prefix}/restapi/v2.1/accounts/:accountId/envelopes`;
  const now = opts.now ?? Date.now;
  const grant = opts.jwtGrant;
  /** Access tokens and when they expire (ms); expired ones go when the next is issued. */
  const issued = new Map<string, number>();

  // The machine API is the portal's only; the signing pages answer the links they mailed.
  // A plain hook, not an async one: it runs for every request of the server.
  app.addHook('onRequest', (req, reply, done) => {
    if (!(req.routeOptions.url ?? '').startsWith(`${prefix}/restapi/`)) return done();
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    const expiresAt = scheme === 'Bearer' && token ? issued.get(token) : undefined;
    if (expiresAt !== undefined && now() < expiresAt) return done();
    reply.code(401).send({ errorCode: 'USER_AUTHENTICATION_FAILED', message: 'Unknown caller.' });
  });

  /** What DocuSign answers a refused assertion, by the claim that failed. */
  const refusal = (error: unknown) => {
    if (error instanceof errors.JWSSignatureVerificationFailed) return 'no_valid_keys_or_signatures';
    if (error instanceof errors.JWTExpired) return 'expired assertion';
    if (error instanceof errors.JWTClaimValidationFailed)
      return CLAIM_REFUSALS[error.claim] ?? `invalid ${error.claim}`;
    return error instanceof Error ? error.message : 'invalid assertion';
  };

  app.post<{ Body: Record<string, string> | undefined }>(
    `${prefix}/oauth/token`,
    { schema: { hide: true } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (req.body?.grant_type !== JWT_BEARER_GRANT)
        return reply.code(400).send({ error: 'unsupported_grant_type' });
      try {
        const { payload } = await jwtVerify(String(req.body.assertion ?? ''), publicKey, {
          algorithms: ['RS256'],
          issuer: grant.integrationKey,
          subject: grant.userId,
          audience: grant.audience,
          requiredClaims: ['iat', 'exp'],
          currentDate: new Date(now()),
        });
        if (payload.exp! - payload.iat! > 3600) throw new Error('exp more than an hour after iat');
        const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
        if (!scopes.includes('signature') || !scopes.includes('impersonation'))
          throw new Error('scope must be "signature impersonation"');
      } catch (error) {
        return reply.code(400).send({ error: 'invalid_grant', error_description: refusal(error) });
      }
      const lifetime = grant.tokenLifetimeSeconds ?? 3600;
      for (const [token, expiresAt] of issued) if (now() >= expiresAt) issued.delete(token);
      const token = randomBytes(32).toString('base64url');
      issued.set(token, now() + lifetime * 1000);
      return { access_token: token, token_type: 'Bearer', expires_in: lifetime };
    },
  );

  const load = async (q: Queryable, id: string, lock = false) => {
    const [row] = await q.query<SimEnvelope>(
      `select id, account_id as "accountId", subject, status, recipients from esign_sim_envelopes where id = $1 ${lock ? 'for update' : ''}`,
      [id],
    );
    return row;
  };
  const save = (q: Queryable, e: SimEnvelope) =>
    q.query('update esign_sim_envelopes set status = $2, recipients = $3, updated_at = now() where id = $1', [
      e.id,
      e.status,
      JSON.stringify(e.recipients),
    ]);

  /** Connect messages go shortly after the change committed (as the real service's do), in order. */
  const notify = async (e: SimEnvelope, events: [ConnectEvent['event'], string?][]) => {
    await new Promise((resolve) => setTimeout(resolve, CONNECT_DELAY_MS));
    for (const [event, recipientId] of events) {
      const body = JSON.stringify({
        event,
        apiVersion: 'v2.1',
        uri: `/restapi/v2.1/accounts/${e.accountId}/envelopes/${e.id}`,
        retryCount: 0,
        configurationId: 'simulator',
        generatedDateTime: new Date().toISOString(),
        data: { accountId: e.accountId, envelopeId: e.id, ...(recipientId ? { recipientId } : {}) },
      });
      await opts.deliver(body, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: connectSignature(body, opts.hmacSecret),
        'x-authorization-digest': 'HMACSHA256',
      });
    }
  };

  /** The recipients whose turn it is get their e-mail; answers the events to send. */
  const route = async (q: Queryable, e: SimEnvelope): Promise<[ConnectEvent['event'], string?][]> => {
    const open = e.recipients.filter((r) => r.status !== 'completed');
    if (open.length === 0) {
      e.status = 'completed';
      return [['envelope-completed']];
    }
    const order = Math.min(...open.map((r) => r.routingOrder));
    const events: [ConnectEvent['event'], string?][] = [];
    for (const r of open.filter((x) => x.routingOrder === order && x.status === 'created')) {
      r.status = 'sent';
      const link = `${opts.publicUrl}${prefix}/signing/${r.token}`;
      await queueMail(q, {
        to: r.email,
        subject: `Please sign: ${e.subject}`,
        text: `Hello ${r.name},\n\nplease review and sign the document: ${link}`,
        html: `<p>Hello ${esc(r.name)},</p><p>please review and sign the document.</p><p><a href="${esc(link)}" data-signing-link>Review and sign</a></p>`,
        locale: 'en-IE',
      });
      events.push(['recipient-sent', r.recipientId]);
    }
    return events;
  };

  app.post<{ Params: { accountId: string }; Body: Record<string, unknown> }>(
    api,
    { schema: { hide: true } },
    async (req, reply) => {
      const body = req.body as {
        emailSubject: string;
        documents: { documentBase64: string }[];
        recipients: {
          signers: {
            email: string;
            name: string;
            recipientId: string;
            routingOrder: string;
            roleName?: string;
            accessCode?: string;
          }[];
        };
      };
      const e: SimEnvelope = {
        id: randomUUID(),
        accountId: req.params.accountId,
        subject: body.emailSubject,
        status: 'sent',
        recipients: body.recipients.signers.map((s) => ({
          recipientId: s.recipientId,
          name: s.name,
          email: s.email,
          routingOrder: Number(s.routingOrder),
          roleName: s.roleName ?? '',
          accessCode: s.accessCode ?? null,
          token: randomBytes(18).toString('base64url'),
          status: 'created',
          signedAt: null,
        })),
      };
      const events = await db.tx(async (q) => {
        await q.query(
          `insert into esign_sim_envelopes (id, account_id, subject, document, status, recipients) values ($1, $2, $3, $4, $5, $6)`,
          [
            e.id,
            e.accountId,
            e.subject,
            Buffer.from(body.documents[0]!.documentBase64, 'base64'),
            e.status,
            '[]',
          ],
        );
        const routed = await route(q, e);
        await save(q, e);
        return routed;
      });
      void notify(e, [['envelope-sent'], ...events]).catch((error: unknown) =>
        req.log.warn({ err: error }, 'connect delivery failed'),
      );
      return reply
        .code(201)
        .send({ envelopeId: e.id, status: e.status, statusDateTime: new Date().toISOString() });
    },
  );

  app.get<{ Params: { accountId: string; envelopeId: string } }>(
    `${api}/:envelopeId`,
    { schema: { hide: true } },
    async (req, reply) => {
      const e = await load(db, req.params.envelopeId);
      if (!e) return reply.code(404).send({ errorCode: 'ENVELOPE_DOES_NOT_EXIST' });
      return { envelopeId: e.id, status: e.status, emailSubject: e.subject };
    },
  );

  app.get<{ Params: { accountId: string; envelopeId: string } }>(
    `${api}/:envelopeId/documents/combined`,
    { schema: { hide: true } },
    async (req, reply) => {
      const [row] = await db.query<{ document: Uint8Array }>(
        'select document from esign_sim_envelopes where id = $1',
        [req.params.envelopeId],
      );
      if (!row) return reply.code(404).send({ errorCode: 'ENVELOPE_DOES_NOT_EXIST' });
      return reply.type('application/pdf').send(Buffer.from(row.document));
    },
  );

  app.put<{
    Params: { accountId: string; envelopeId: string };
    Body: { status?: string; voidedReason?: string };
  }>(`${api}/:envelopeId`, { schema: { hide: true } }, async (req, reply) => {
    if (req.body?.status !== 'voided')
      return reply.code(400).send({ errorCode: 'INVALID_REQUEST_PARAMETER' });
    const e = await db.tx(async (q) => {
      const found = await load(q, req.params.envelopeId, true);
      if (!found || found.status === 'completed' || found.status === 'voided') return found;
      found.status = 'voided';
      await save(q, found);
      return found;
    });
    if (!e) return reply.code(404).send({ errorCode: 'ENVELOPE_DOES_NOT_EXIST' });
    if (e.status !== 'voided')
      return reply.code(400).send({ errorCode: 'ENVELOPE_CANNOT_VOID_INVALID_STATE' });
    void notify(e, [['envelope-voided']]).catch(() => undefined);
    return { envelopeId: e.id, status: e.status };
  });

  // The signer's side: the link of the e-mail, the document, the access code and the signature.
  const findByToken = async (q: Queryable, token: string, lock = false) => {
    const [row] = await q.query<SimEnvelope>(
      `select id, account_id as "accountId", subject, status, recipients from esign_sim_envelopes
        where recipients @> jsonb_build_array(jsonb_build_object('token', $1::text)) ${lock ? 'for update' : ''}`,
      [token],
    );
    return row && { e: row, r: row.recipients.find((x) => x.token === token)! };
  };

  const signingPage = (e: SimEnvelope, r: SimRecipient, token: string, error?: string) =>
    page(
      e.subject,
      `<h1>${esc(e.subject)}</h1><p>${esc(r.name)}, please review the document and sign it.</p>
<p><a href="${prefix}/signing/${esc(token)}/document" target="_blank" rel="noopener">Open the document (PDF)</a></p>
<form method="post" action="${prefix}/signing/${esc(token)}">
${r.accessCode ? `<label for="code">Access code</label><input id="code" name="accessCode" inputmode="numeric" autocomplete="one-time-code" required><p class="muted">The code was given to you by your dealer.</p>` : ''}
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<button name="action" value="sign">Sign</button><button class="secondary" name="action" value="decline" formnovalidate>Decline</button></form>`,
    );

  app.get<{ Params: { token: string } }>(
    `${prefix}/signing/:token`,
    { schema: { hide: true } },
    async (req, reply) => {
      const found = await db.tx(async (q) => {
        const f = await findByToken(q, req.params.token, true);
        if (f && f.r.status === 'sent' && f.e.status === 'sent') {
          f.r.status = 'delivered';
          await save(q, f.e);
          return { ...f, delivered: true };
        }
        return f && { ...f, delivered: false };
      });
      reply.type('text/html').header('cache-control', 'no-store');
      if (!found) return reply.code(404).send(page('Not found', '<p>This signing link is not valid.</p>'));
      const { e, r } = found;
      if (found.delivered) void notify(e, [['recipient-delivered', r.recipientId]]).catch(() => undefined);
      if (e.status === 'voided' || e.status === 'declined')
        return page(e.subject, '<h1>No longer available</h1><p>This signing process was cancelled.</p>');
      if (r.status === 'completed')
        return page(e.subject, '<h1>Signed</h1><p>Thank you: you have signed this document.</p>');
      if (r.status === 'created')
        return page(
          e.subject,
          '<h1>Not yet</h1><p>Others sign before you; you get an e-mail when it is your turn.</p>',
        );
      return signingPage(e, r, req.params.token);
    },
  );

  app.get<{ Params: { token: string } }>(
    `${prefix}/signing/:token/document`,
    { schema: { hide: true } },
    async (req, reply) => {
      const [row] = await db.query<{ document: Uint8Array }>(
        `select document from esign_sim_envelopes where recipients @> jsonb_build_array(jsonb_build_object('token', $1::text))`,
        [req.params.token],
      );
      if (!row) return reply.code(404).send('Not found');
      return reply.type('application/pdf').send(Buffer.from(row.document));
    },
  );

  app.post<{ Params: { token: string }; Body: { action?: string; accessCode?: string } }>(
    `${prefix}/signing/:token`,
    { schema: { hide: true } },
    async (req, reply) => {
      reply.type('text/html').header('cache-control', 'no-store');
      const outcome = await db.tx(async (q) => {
        const f = await findByToken(q, req.params.token, true);
        if (!f || !['sent', 'delivered'].includes(f.r.status) || f.e.status !== 'sent')
          return { f, events: [] as [ConnectEvent['event'], string?][], error: 'closed' };
        if (req.body?.action === 'decline') {
          f.r.status = 'declined';
          f.e.status = 'declined';
          await save(q, f.e);
          return {
            f,
            events: [['recipient-declined', f.r.recipientId], ['envelope-declined']] as [
              ConnectEvent['event'],
              string?,
            ][],
          };
        }
        if (f.r.accessCode && (req.body?.accessCode ?? '').trim() !== f.r.accessCode)
          return { f, events: [], error: 'code' };
        f.r.status = 'completed';
        f.r.signedAt = new Date().toISOString();
        const next = await route(q, f.e);
        await save(q, f.e);
        return {
          f,
          events: [['recipient-completed', f.r.recipientId], ...next] as [ConnectEvent['event'], string?][],
        };
      });
      const { f } = outcome;
      if (!f) return reply.code(404).send(page('Not found', '<p>This signing link is not valid.</p>'));
      if (outcome.error === 'code')
        return reply
          .code(400)
          .send(signingPage(f.e, f.r, req.params.token, 'The access code is not correct.'));
      if (outcome.error === 'closed')
        return page(
          f.e.subject,
          '<h1>No longer available</h1><p>This document cannot be signed any more.</p>',
        );
      await notify(f.e, outcome.events).catch((error: unknown) =>
        req.log.warn({ err: error }, 'connect delivery failed'),
      );
      return f.r.status === 'declined'
        ? page(f.e.subject, '<h1>Declined</h1><p>You declined to sign. The sender has been told.</p>')
        : page(f.e.subject, '<h1>Signed</h1><p>Thank you: your signature has been recorded.</p>');
    },
  );
}
