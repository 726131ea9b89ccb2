import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { notFound } from '../../problems';
import { findLogo } from '../logo';
import * as links from './service';

/**
 * The customer's offer link (docs/api.md, "The customer's offer page"): the salesperson's calls
 * under the variant; the customer's under /api/public/offers/{token}, which answer without a
 * token of the portal (`public`), set no cookie and are limited per link and per address.
 */
export function offerLinkRoutes(app: FastifyInstance, db: Db, publicUrl: string): void {
  const tags = ['customer offer page'];
  const open = { tags, config: { public: true } };
  const store = postgresDocumentStore;

  serve(
    app,
    'sendOfferLink',
    { summary: 'Send the customer a link to the offer page (and the offer PDF)', tags },
    (req) => links.sendOfferLink(db, store, req.caller!, req.params, req.body, publicUrl),
  );
  serve(app, 'offerLinks', { summary: "The variant's offer links and their answers", tags }, (req) =>
    links.listOfferLinks(db, req.caller!, req.params),
  );
  serve(app, 'withdrawOfferLink', { summary: 'Withdraw an offer link', tags }, (req) =>
    links.withdrawOfferLink(db, req.caller!, req.params),
  );

  serve(app, 'publicOffer', { summary: 'The offer as the customer sees it', ...open }, (req) =>
    links.openOffer(db, req.params.token, req.ip),
  );
  serve(app, 'acceptOffer', { summary: 'Accept one of the offered periods', ...open }, (req) =>
    links.acceptOffer(db, req.params.token, req.body, req.ip),
  );
  serve(app, 'declineOffer', { summary: 'Decline the offer with a reason', ...open }, (req) =>
    links.declineOffer(db, req.params.token, req.body, req.ip),
  );
  serve(app, 'publicOfferPdf', { summary: 'The offer PDF', ...open }, async (req, reply) => {
    const { documentId } = await links.linkFiles(db, req.params.token, req.ip);
    const bytes = documentId ? await store.get(db, documentId) : undefined;
    if (!bytes) throw notFound('This offer has no PDF.');
    return reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="offer.pdf"')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
  serve(
    app,
    'publicOfferLogo',
    { summary: "The dealer's logo on the offer page", ...open },
    async (req, reply) => {
      const { partnerId } = await links.linkFiles(db, req.params.token, req.ip);
      const logo = await findLogo(db, partnerId);
      if (!logo) throw notFound('The dealer has no logo.');
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(logo.content);
    },
  );
}
