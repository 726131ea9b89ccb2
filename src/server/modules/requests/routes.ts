import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import * as backoffice from './backoffice';
import { makeOffer } from './offer';
import * as requests from './service';
import { answerSpecialCase, listSpecialCases, requestSpecialCase } from './special-cases';

/** Offer, request to the provider, cancel, special case, and the provider's back office. */
export function requestRoutes(app: FastifyInstance, db: Db, publicUrl: string): void {
  const tags = ['offers and requests'];
  const backOffice = ['back office'];

  serve(
    app,
    'offer',
    { summary: 'Generate the offer PDF (makeOffer=true also mails it to the customer)', tags },
    (req) =>
      makeOffer(db, postgresDocumentStore, req.caller!, req.params.setId, {
        calculationVariantId: req.query.calculationVariantId,
        periods: req.query.periods,
        makeOffer: req.query.makeOffer === 'true',
        nonBindingQuoteNote: req.body.nonBindingQuoteNote,
        languageCode: req.body.languageCode,
      }),
  );
  serve(
    app,
    'request',
    {
      summary: 'Send the request to the provider (sendRequest=false keeps only the quote note)',
      tags,
      config: { idempotent: true },
    },
    (req) => requests.sendToProvider(db, req.caller!, req.params, req.body),
  );
  serve(
    app,
    'cancelRequest',
    { summary: 'Cancel the calculation process', tags, config: { idempotent: true } },
    (req) => requests.cancelProcess(db, req.caller!, req.params),
  );
  serve(
    app,
    'specialCase',
    { summary: 'Ask the provider for a special-case condition (the text says which)', tags },
    (req) => requestSpecialCase(db, req.caller!, req.params, req.body.text),
  );
  serve(
    app,
    'specialCases',
    { summary: 'Open requests for special-case conditions (underwriters)', tags: backOffice },
    (req) => listSpecialCases(db, req.caller!),
  );
  serve(
    app,
    'answerSpecialCase',
    { summary: 'Grant the special-case condition (with its terms) or refuse it', tags: backOffice },
    (req) => answerSpecialCase(db, req.caller!, req.params.id, req.body, publicUrl),
  );

  serve(
    app,
    'requestQueue',
    { summary: 'Open requests and guarantees awaited (underwriters)', tags: backOffice },
    (req) => backoffice.listQueue(db, req.caller!),
  );
  serve(
    app,
    'requestDetail',
    { summary: 'One request with what the decision needs', tags: backOffice },
    (req) => backoffice.getRequest(db, req.caller!, req.params.requestId),
  );
  serve(
    app,
    'decideRequest',
    { summary: 'Approve, approve with bank guarantee, ask for information or decline', tags: backOffice },
    (req) => backoffice.decideRequest(db, req.caller!, req.params.requestId, req.body, publicUrl),
  );
  serve(
    app,
    'guaranteeReceived',
    { summary: 'The bank guarantee arrived: ready to sign', tags: backOffice },
    (req) => backoffice.guaranteeReceived(db, req.caller!, req.params.requestId, publicUrl),
  );
}
