import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import {
  SIGNATURE_HEADER,
  verifyConnectSignature,
  type ConnectEvent,
  type ESignatureService,
} from '../../integrations/esignature/port';
import { notFound, unauthorized } from '../../problems';
import { findPartnerSignee, savePartnerSignee } from '../session';
import { eSignature } from './service';

/**
 * E-signature calls of the portal, the partner's own signee, and the receiver of the service's
 * Connect messages (public, but only with a valid HMAC of the raw body).
 */
export async function eSignatureRoutes(
  app: FastifyInstance,
  db: Db,
  service: ESignatureService,
  hmacSecret: string,
): Promise<void> {
  const tags = ['signing'];
  const es = eSignature(db, service, postgresDocumentStore);

  serve(
    app,
    'esignature',
    {
      summary: 'Start the e-signature: customer signees, then the partner, then the delivery confirmation',
      tags,
    },
    (req) => es.start(req.caller!, req.params, req.body, req.headers['if-match']),
  );
  serve(
    app,
    'cancelEsignature',
    { summary: 'Cancel the running e-signature (the envelope is voided)', tags },
    (req) => es.cancel(req.caller!, req.params),
  );
  serve(
    app,
    'esignatureAccessCodes',
    {
      summary: "The access codes of the running e-signature's customer signees (to hand over in person)",
      tags,
    },
    (req) =>
      es.accessCodes(req.caller!, {
        setId: req.query.calculationSetId,
        variantId: req.query.calculationVariantId,
      }),
  );

  serve(app, 'partnerSignee', { summary: "The user's own signee (404: none yet)", tags }, async (req) => {
    const signee = await findPartnerSignee(db, req.caller!.user.id);
    if (!signee) throw notFound('No signee kept yet.');
    return signee;
  });
  serve(app, 'savePartnerSignee', { summary: "Keep the user's own signee", tags }, async (req) => {
    await savePartnerSignee(db, req.caller!.user.id, req.body);
    return req.body;
  });

  // The service signs the raw body: it is read as text here and parsed only once verified.
  await app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    serve(
      scope,
      'esignatureConnect',
      {
        summary: 'Connect messages of the e-signature service (HMAC-SHA256)',
        tags,
        config: { public: true },
      },
      async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        if (!verifyConnectSignature(raw, req.headers[SIGNATURE_HEADER] as string | undefined, hmacSecret))
          throw unauthorized('The message signature does not match.');
        await es.onConnect(JSON.parse(raw) as ConnectEvent);
        return reply.code(200).send({ received: true });
      },
    );
    done();
  });
}
