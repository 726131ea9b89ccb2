import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type default as Provider } from 'oidc-provider';
import { z } from 'zod';
import { localeFromAcceptLanguage, resolveLocale } from '../../domain/locales';
import type { Db } from '../db/db';
import { findSignInAccount, recordSignIn } from './accounts';
import { signInPage } from './pages';
import { clearFailures, isThrottled, recordAttempt, THROTTLE } from './throttle';
import { verifyPassword } from './passwords';
import { SIGN_IN_PATH } from './provider';

const SignInForm = z.object({ email: z.string().trim().max(254), password: z.string().max(1024) });

/** The sign-in page the provider sends the browser to (its "interaction"). */
export function registerInteractions(app: FastifyInstance, provider: Provider, db: Db): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // A sign-in page left open past its interaction's lifetime (or without its cookie) starts over.
  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      return await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  };

  const localeOf = (params: Record<string, unknown>, acceptLanguage?: string) => {
    const requested = typeof params.ui_locales === 'string' ? params.ui_locales.split(' ')[0] : undefined;
    return requested ? resolveLocale(requested) : localeFromAcceptLanguage(acceptLanguage);
  };

  app.get<{ Params: { uid: string } }>(
    `${SIGN_IN_PATH}/:uid`,
    { schema: { hide: true } },
    async (req, reply) => {
      const details = await interaction(req.raw, reply.raw);
      if (!details) return reply.redirect('/');
      const locale = localeOf(details.params, req.headers['accept-language']);
      reply.header('cache-control', 'no-store').type('text/html');
      return signInPage({ locale, action: `${SIGN_IN_PATH}/${details.uid}` });
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${SIGN_IN_PATH}/:uid`,
    { schema: { hide: true } },
    async (req, reply) => {
      const details = await interaction(req.raw, reply.raw);
      if (!details) return reply.redirect('/');
      const locale = localeOf(details.params, req.headers['accept-language']);
      const form = SignInForm.safeParse(req.body);
      const email = form.success ? form.data.email : '';
      const action = `${SIGN_IN_PATH}/${details.uid}`;
      await recordAttempt(db, email, req.ip);
      if (await isThrottled(db, email, req.ip)) {
        req.log.warn({ event: 'sign-in-throttled' }, 'sign-in refused: too many attempts');
        reply
          .code(429)
          .header('retry-after', String(THROTTLE.windowMinutes * 60))
          .header('cache-control', 'no-store')
          .type('text/html');
        return signInPage({ locale, action, email, failed: 'throttled' });
      }
      const account = form.success && email ? await findSignInAccount(db, { email }) : undefined;
      const valid = await verifyPassword(
        form.success ? form.data.password : '',
        account?.passwordHash ?? null,
      );
      if (!account || !valid) {
        req.log.info({ event: 'sign-in-failed' }, 'sign-in refused');
        reply.code(401).header('cache-control', 'no-store').type('text/html');
        return signInPage({ locale, action, email, failed: 'credentials' });
      }
      await clearFailures(db, email);
      await recordSignIn(db, account.id);
      reply.hijack();
      await provider.interactionFinished(
        req.raw,
        reply.raw,
        { login: { accountId: account.id } },
        { mergeWithLastSubmission: false },
      );
    },
  );
}
