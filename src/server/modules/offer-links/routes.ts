import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicOfferEntity } from '../../../domain/api/offer-links';
import type { PageOptions } from './page';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { notFound } from '../../problems';
import { z } from 'zod';
import { DeclineBody } from '../../../domain/offer-links';
import { shellLocale } from '../../shell';
import { HttpProblem } from '../../problems';
import { findLogo } from '../logo';
import { offerPage, unknownOfferPage } from './page';
import * as customer from './public';
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
    {
      summary: 'Send the customer a link to the offer page (and the offer PDF)',
      tags,
      // The outbox sends it again after a lost answer: the first link is the answer.
      config: { idempotent: true },
    },
    // Returned, not sent: the idempotency wrapper keeps the answer before it leaves.
    async (req, reply) => {
      const link = await links.sendOfferLink(db, store, req.caller!, req.params, req.body, publicUrl);
      reply.code(201);
      return link;
    },
  );
  serve(app, 'offerLinks', { summary: "The variant's offer links and their answers", tags }, (req) =>
    links.listOfferLinks(db, req.caller!, req.params),
  );
  serve(app, 'withdrawOfferLink', { summary: 'Withdraw an offer link', tags }, (req) =>
    links.withdrawOfferLink(db, req.caller!, req.params),
  );

  serve(app, 'publicOffer', { summary: 'The offer as the customer sees it', ...open }, (req) =>
    customer.openOffer(db, req.params.token, req.ip),
  );
  serve(app, 'acceptOffer', { summary: 'Accept one of the offered periods', ...open }, (req) =>
    customer.acceptOffer(db, req.params.token, req.body, req.ip),
  );
  serve(app, 'declineOffer', { summary: 'Decline the offer with a reason', ...open }, (req) =>
    customer.declineOffer(db, req.params.token, req.body, req.ip),
  );
  serve(app, 'publicOfferPdf', { summary: 'The offer PDF', ...open }, async (req, reply) => {
    const { documentId } = await customer.linkFiles(db, req.params.token, req.ip);
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
      const { partnerId } = await customer.linkFiles(db, req.params.token, req.ip);
      const logo = await findLogo(db, partnerId);
      if (!logo) throw notFound('The dealer has no logo.');
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(logo.content);
    },
  );

  // The page itself: HTML with forms, in its own scope for the form parser.
  void app.register((scope, _opts, done) => {
    // The embedded identity provider's pages read forms already; with an external one, nobody does.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded'))
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, next) => next(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    const html = (reply: FastifyReply) =>
      reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    /** The page for an answer, or the reason it has none (an unknown link, too many calls). */
    const render = async (
      req: FastifyRequest,
      reply: FastifyReply,
      token: string,
      answer: () => Promise<PublicOfferEntity>,
      opts: Omit<PageOptions, 'token'> = {},
    ) => {
      html(reply);
      try {
        return offerPage((await answer()).properties, { token, ...opts });
      } catch (e) {
        if (e instanceof HttpProblem && e.status === 404)
          return reply.code(404).send(unknownOfferPage(shellLocale({}, req.headers['accept-language'])));
        if (e instanceof HttpProblem && (e.status === 409 || e.status === 400)) {
          // Answered meanwhile, or a period not offered: the page as it now stands says so.
          const now = await customer.openOffer(db, token, req.ip);
          return reply
            .code(e.status)
            .send(offerPage(now.properties, { token, problem: e.status === 409 ? 'answered' : 'invalid' }));
        }
        if (e instanceof HttpProblem && e.status === 429)
          return reply
            .code(429)
            .header('retry-after', String(Number(e.extensions.retryAfter) || 60))
            .send(unknownOfferPage(shellLocale({}, req.headers['accept-language']), 'busy'));
        throw e;
      }
    };
    const Query = z.object({ accept: z.coerce.number().int().optional(), decline: z.string().optional() });
    scope.get<{ Params: { token: string } }>('/o/:token', { schema: { hide: true } }, async (req, reply) => {
      const q = Query.safeParse(req.query);
      const confirm = q.success ? (q.data.decline ? 'decline' : q.data.accept) : undefined;
      return render(req, reply, req.params.token, () => customer.openOffer(db, req.params.token, req.ip), {
        confirm,
      });
    });
    scope.post<{ Params: { token: string } }>(
      '/o/:token/accept',
      { schema: { hide: true } },
      async (req, reply) => {
        const period = Number((req.body as Record<string, unknown> | undefined)?.periodInMonths);
        return render(req, reply, req.params.token, () =>
          customer.acceptOffer(db, req.params.token, { periodInMonths: period }, req.ip),
        );
      },
    );
    scope.post<{ Params: { token: string } }>(
      '/o/:token/decline',
      { schema: { hide: true } },
      async (req, reply) => {
        const form = DeclineBody.safeParse(req.body);
        if (!form.success) {
          html(reply);
          const now = await customer.openOffer(db, req.params.token, req.ip).catch(() => undefined);
          if (!now)
            return reply.code(404).send(unknownOfferPage(shellLocale({}, req.headers['accept-language'])));
          return reply.code(400).send(
            offerPage(now.properties, {
              token: req.params.token,
              confirm: 'decline',
              problem: 'reasonRequired',
            }),
          );
        }
        return render(req, reply, req.params.token, () =>
          customer.declineOffer(db, req.params.token, form.data, req.ip),
        );
      },
    );
    done();
  });
}
