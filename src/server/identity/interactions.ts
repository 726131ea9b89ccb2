import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type default as Provider } from 'oidc-provider';
import { z } from 'zod';
import { localeFromAcceptLanguage, resolveLocale } from '../../domain/locales';
import type { Db } from '../db/db';
import { findSignInAccount, recordSignIn } from './accounts';
import { signInPage } from './pages';
import { recordAttempt, recordSuccess, takeBackAttempt, throttleWait } from './throttle';
import { verifyPassword } from './passwords';
import { SIGN_IN_PATH } from './provider';

const SignInForm = z.object({ email: z.string().trim().max(254), password: z.string().max(1024) });

/** The sign-in page the provider sends the browser to (its "interaction"). */
export function registerInteractions(app: FastifyInstance, provider: Provider, db: Db): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /**
   * The language of a sign-in page and its form's address. None when the
   * page was left open past the interaction's lifetime (or lost its cookie): it starts over.
   */
  const interaction = async (req: FastifyRequest, reply: FastifyReply) => {
    let details;
    try {
      details = await provider.interactionDetails(req.raw, reply.raw);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
    const params = details.params;
    const requested = typeof params.ui_locales === 'string' ? params.ui_locales.split(' ')[0] : undefined;
    const locale = requested
      ? resolveLocale(requested)
      : localeFromAcceptLanguage(req.headers['accept-language']);
    return { locale, action: `${SIGN_IN_PATH}/${details.uid}` };
  };

  app.get<{ Params: { uid: string } }>(
    `${SIGN_IN_PATH}/:uid`,
    { schema: { hide: true } },
    async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply.redirect('/');
      reply.header('cache-control', 'no-store').type('text/html');
      return signInPage({ locale: found.locale, action: found.action });
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${SIGN_IN_PATH}/:uid`,
    { schema: { hide: true } },
    async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply.redirect('/');
      const { locale, action } = found;
      const form = SignInForm.safeParse(req.body);
      const email = form.success ? form.data.email : '';
      const attempt = await recordAttempt(db, email, req.ip);
      const wait = await throttleWait(db, email, req.ip);
      if (wait > 0) {
        await takeBackAttempt(db, attempt);
        req.log.warn({ event: 'sign-in-throttled', wait }, 'sign-in refused: too many attempts');
        reply
          .code(429)
          .header('retry-after', String(wait))
          .header('cache-control', 'no-store')
          .type('text/html');
        return signInPage({ locale, action, email, failed: 'throttled', wait });
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
      await recordSuccess(db, email, req.ip);
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
