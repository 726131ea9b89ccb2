import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from '../../../domain/locales';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
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
  const options = { tags, config: { session: true } };
  serve(
    app,
    'acceptAll',
    { summary: 'Accept the terms of use and the terms and conditions', ...options },
    accept(['termsOfUse', 'termsAndConditions']),
  );
  serve(app, 'acceptTermsOfUse', { summary: 'Accept the terms of use', ...options }, accept(['termsOfUse']));
  serve(
    app,
    'acceptTermsAndConditions',
    { summary: 'Accept the terms and conditions for requests and contracts', ...options },
    accept(['termsAndConditions']),
  );
  serve(
    app,
    'termsAndConditionsDownload',
    {
      summary: 'The terms and conditions as a PDF (properties.content, base64), in a language of the portal',
      ...options,
    },
    (req) =>
      termsAndConditionsDocument(
        req.query.languageCode ?? localeFromAcceptLanguage(req.headers['accept-language']),
        req.caller!.profile?.name,
      ),
  );
}
