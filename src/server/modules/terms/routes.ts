import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage, TRANSLATED_LOCALES } from '../../../domain/locales';
import { TermsDocumentEntity } from '../../../domain/api/terms';
import type { Db } from '../../db/db';
import { callerChanged, type CallerCache } from '../../plugins/caller-cache';
import { termsAndConditionsDocument } from './download';
import { acceptTerms, type AcceptedTerms } from '../session';

/**
 * Terms acceptance (administration specification, “States and transitions”): `user/acceptall` accepts the terms of use and the
 * terms and conditions, `user/accepttermsofuse` the terms of use alone, `TermsAndConditions`
 * the terms and conditions alone (the request to the provider needs them).
 * All are allowed under a read-only brand: accepting terms changes nothing of the brand's data.
 */
export function termsRoutes(app: FastifyInstance, db: Db, accounts: Pick<CallerCache, 'forget'>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];
  const accept = (terms: AcceptedTerms[]) => async (req: FastifyRequest, reply: FastifyReply) => {
    const { user, accountId } = req.caller!;
    await db.tx(async (q) => {
      await acceptTerms(q, user.id, terms);
      await callerChanged(q, accountId);
    });
    // The portal's next call (any, now that the terms of use are accepted) must see it.
    accounts.forget(accountId);
    return reply.code(204).send();
  };
  r.post(
    '/api/user/acceptall',
    {
      config: { session: true },
      schema: { summary: 'Accept the terms of use and the terms and conditions', tags },
    },
    accept(['termsOfUse', 'termsAndConditions']),
  );
  r.post(
    '/api/user/accepttermsofuse',
    { config: { session: true }, schema: { summary: 'Accept the terms of use', tags } },
    accept(['termsOfUse']),
  );
  r.post(
    '/api/TermsAndConditions',
    {
      config: { session: true },
      schema: { summary: 'Accept the terms and conditions for requests and contracts', tags },
    },
    accept(['termsAndConditions']),
  );
  r.get(
    '/api/TermsAndConditions/download',
    {
      config: { session: true },
      schema: {
        summary:
          'The terms and conditions as a PDF (properties.content, base64), in a language of the portal',
        tags,
        querystring: z.object({ languageCode: z.enum(TRANSLATED_LOCALES).optional() }),
        response: { 200: TermsDocumentEntity },
      },
    },
    (req) =>
      termsAndConditionsDocument(
        req.query.languageCode ?? localeFromAcceptLanguage(req.headers['accept-language']),
        req.caller!.profile?.name,
      ),
  );
}
