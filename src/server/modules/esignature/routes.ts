import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VariantEntity } from '../../../domain/api/calculations';
import { AccessCodesSchema, PartnerSigneeSchema } from '../../../domain/api/signing';
import { ESignatureRequest, Signee } from '../../../domain/signing';
import type { Db } from '../../db/db';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signing'];
  const es = eSignature(db, service, postgresDocumentStore);
  const variantParams = z.object({ setId: z.string().max(100), variantId: z.string().max(100) });

  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId/Esignature',
    {
      schema: {
        summary: 'Start the e-signature: customer signees, then the partner, then the delivery confirmation',
        tags,
        params: variantParams,
        body: ESignatureRequest,
        response: { 200: VariantEntity },
      },
    },
    (req) => es.start(req.caller!, req.params, req.body, req.headers['if-match']),
  );
  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId/Esignature/cancel',
    {
      schema: {
        summary: 'Cancel the running e-signature (the envelope is voided)',
        tags,
        params: variantParams,
        response: { 200: VariantEntity },
      },
    },
    (req) => es.cancel(req.caller!, req.params),
  );
  r.get(
    '/api/digitalsignature/econtract/otp',
    {
      schema: {
        summary: "The access codes of the running e-signature's customer signees (to hand over in person)",
        tags,
        querystring: z.object({
          calculationSetId: z.string().max(100),
          calculationVariantId: z.string().max(100),
        }),
        response: { 200: AccessCodesSchema },
      },
    },
    (req) =>
      es.accessCodes(req.caller!, {
        setId: req.query.calculationSetId,
        variantId: req.query.calculationVariantId,
      }),
  );

  const PartnerSignee = Signee.pick({ firstName: true, email: true }).extend({
    surname: z.string().trim().min(1).max(50),
    telephone: z.string().trim().max(30).default(''),
  });
  r.get(
    '/api/user/signeepartner',
    {
      schema: {
        summary: "The user's own signee (404: none yet)",
        tags,
        response: { 200: PartnerSigneeSchema },
      },
    },
    async (req) => {
      const signee = await findPartnerSignee(db, req.caller!.user.id);
      if (!signee) throw notFound('No signee kept yet.');
      return signee;
    },
  );
  r.put(
    '/api/user/signeepartner',
    {
      schema: {
        summary: "Keep the user's own signee",
        tags,
        body: PartnerSignee,
        response: { 200: PartnerSigneeSchema },
      },
    },
    async (req) => {
      await savePartnerSignee(db, req.caller!.user.id, req.body);
      return req.body;
    },
  );

  // The service signs the raw body: it is read as text here and parsed only once verified.
  await app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/esignature/connect',
      {
        config: { public: true },
        schema: { summary: 'Connect messages of the e-signature service (HMAC-SHA256)', tags },
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
