import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DecisionBody,
  OfferBody,
  OfferQuery,
  SpecialCaseAnswer,
  SpecialCaseBody,
  ToGrenkeBody,
} from '../../../domain/calculation/requests';
import {
  QueueEntity,
  RequestDetailEntity,
  SpecialCaseAnsweredEntity,
  SpecialCasesEntity,
} from '../../../domain/api/backoffice';
import { VariantEntity } from '../../../domain/api/calculations';
import { OfferEntity } from '../../../domain/api/requests';
import type { Db } from '../../db/db';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import * as backoffice from './backoffice';
import { makeOffer } from './offer';
import * as requests from './service';
import { answerSpecialCase, listSpecialCases, requestSpecialCase } from './special-cases';

/** Offer, request to the provider, cancel, special case, and the provider's back office. */
export function requestRoutes(app: FastifyInstance, db: Db, publicUrl: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['offers and requests'];
  const variantParams = z.object({ setId: z.string().max(100), variantId: z.string().max(100) });
  const ids = (p: { setId: string; variantId: string }) => ({ setId: p.setId, variantId: p.variantId });

  r.put(
    '/api/calculationSets/:setId/offer',
    {
      schema: {
        summary: 'Generate the offer PDF (makeOffer=true also mails it to the customer)',
        tags,
        params: z.object({ setId: z.string().max(100) }),
        querystring: OfferQuery,
        body: OfferBody,
        response: { 200: OfferEntity },
      },
    },
    (req) =>
      makeOffer(db, postgresDocumentStore, req.caller!, req.params.setId, {
        calculationVariantId: req.query.calculationVariantId,
        periods: req.query.periods,
        makeOffer: req.query.makeOffer === 'true',
        nonBindingQuoteNote: req.body.nonBindingQuoteNote,
        languageCode: req.body.languageCode,
      }),
  );
  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId/toGrenke',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Send the request to the provider (sendRequest=false keeps only the quote note)',
        tags,
        params: variantParams,
        body: ToGrenkeBody,
        response: { 200: VariantEntity },
      },
    },
    (req) => requests.sendToProvider(db, req.caller!, ids(req.params), req.body),
  );
  r.post(
    '/api/calculationSets/:setId/calculationVariant/:variantId/cancel',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Cancel the calculation process',
        tags,
        params: variantParams,
        response: { 200: VariantEntity },
      },
    },
    (req) => requests.cancelProcess(db, req.caller!, ids(req.params)),
  );
  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId/special-case-condition',
    {
      schema: {
        summary: 'Ask the provider for a special-case condition (the text says which)',
        tags,
        params: variantParams,
        body: SpecialCaseBody,
        response: { 200: VariantEntity },
      },
    },
    (req) => requestSpecialCase(db, req.caller!, ids(req.params), req.body.text),
  );
  r.get(
    '/api/backoffice/special-cases',
    {
      schema: {
        summary: 'Open requests for special-case conditions (underwriters)',
        tags: ['back office'],
        response: { 200: SpecialCasesEntity },
      },
    },
    (req) => listSpecialCases(db, req.caller!),
  );
  r.post(
    '/api/backoffice/special-cases/:id/answer',
    {
      schema: {
        summary: 'Grant the special-case condition (with its terms) or refuse it',
        tags: ['back office'],
        params: z.object({ id: z.string().max(100) }),
        body: SpecialCaseAnswer,
        response: { 200: SpecialCaseAnsweredEntity },
      },
    },
    (req) => answerSpecialCase(db, req.caller!, req.params.id, req.body, publicUrl),
  );

  const requestParams = z.object({ requestId: z.string().max(100) });
  r.get(
    '/api/backoffice/requests',
    {
      schema: {
        summary: 'Open requests and guarantees awaited (underwriters)',
        tags: ['back office'],
        response: { 200: QueueEntity },
      },
    },
    (req) => backoffice.listQueue(db, req.caller!),
  );
  r.get(
    '/api/backoffice/requests/:requestId',
    {
      schema: {
        summary: 'One request with what the decision needs',
        tags: ['back office'],
        params: requestParams,
        response: { 200: RequestDetailEntity },
      },
    },
    (req) => backoffice.getRequest(db, req.caller!, req.params.requestId),
  );
  r.post(
    '/api/backoffice/requests/:requestId/decision',
    {
      schema: {
        summary: 'Approve, approve with bank guarantee, ask for information or decline',
        tags: ['back office'],
        params: requestParams,
        body: DecisionBody,
        response: { 200: RequestDetailEntity },
      },
    },
    (req) => backoffice.decideRequest(db, req.caller!, req.params.requestId, req.body, publicUrl),
  );
  r.post(
    '/api/backoffice/requests/:requestId/guarantee-received',
    {
      schema: {
        summary: 'The bank guarantee arrived: ready to sign',
        tags: ['back office'],
        params: requestParams,
        response: { 200: RequestDetailEntity },
      },
    },
    (req) => backoffice.guaranteeReceived(db, req.caller!, req.params.requestId, publicUrl),
  );
}
