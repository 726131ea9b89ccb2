import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '../../domain/locales';
import type { Db } from '../db/db';
import { translate } from '../i18n';
import { FORGOT_PASSWORD_PATH, messagePage, setPasswordPage } from './pages';
import { passwordProblem } from './password-policy';
import { findValidToken, setPasswordWithToken } from './password-tokens';

export const SET_PASSWORD_PATH = '/sign-in/password';

const Form = z.object({ password: z.string().max(1024), repeat: z.string().max(1024) });

/** The page behind an invitation or reset link: choose a password, then sign in. */
export function registerPasswordPages(app: FastifyInstance, db: Db): void {
  /** The page's language and the link's account, or the expired-link page (410). */
  const open = async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const locale = localeFromAcceptLanguage(req.headers['accept-language']);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html');
    const valid = await findValidToken(db, req.params.token);
    if (!valid) void reply.code(410).send(expiredPage(locale));
    return { locale, valid };
  };

  app.get<{ Params: { token: string } }>(
    `${SET_PASSWORD_PATH}/:token`,
    { schema: { hide: true } },
    async (req, reply) => {
      const { locale, valid } = await open(req, reply);
      return valid ? setPasswordPage({ locale, action: req.url, email: valid.email }) : reply;
    },
  );

  app.post<{ Params: { token: string } }>(
    `${SET_PASSWORD_PATH}/:token`,
    { schema: { hide: true } },
    async (req, reply) => {
      const { locale, valid } = await open(req, reply);
      if (!valid) return reply;
      const form = Form.safeParse(req.body);
      const password = form.success ? form.data.password : '';
      const problem =
        passwordProblem(password, valid.email) ??
        (password !== (form.success ? form.data.repeat : '') ? 'password.mismatch' : undefined);
      if (problem)
        return reply
          .code(400)
          .send(setPasswordPage({ locale, action: req.url, email: valid.email, problem }));
      if (!(await setPasswordWithToken(db, req.params.token, password)))
        return reply.code(410).send(expiredPage(locale));
      return messagePage(
        locale,
        translate(locale, 'password.doneTitle'),
        translate(locale, 'password.doneText'),
        {
          href: '/',
          label: translate(locale, 'signIn.submit'),
        },
      );
    },
  );
}

const expiredPage = (locale: string) =>
  messagePage(locale, translate(locale, 'password.expiredTitle'), translate(locale, 'password.expiredText'), {
    href: `${FORGOT_PASSWORD_PATH}?l=${locale}`,
    label: translate(locale, 'password.newLink'),
  });
