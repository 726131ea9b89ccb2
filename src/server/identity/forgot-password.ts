import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/db';
import { translateCount } from '../i18n';
import { enqueueJob, type InsideJob } from '../jobs/queue';
import { sendPasswordLink } from '../modules/users';
import { countCall, LIMIT_WINDOWS_MS, type RateLimits } from '../plugins/rate-limits';
import { shellLocale } from '../shell';
import { findSignInAccount } from './accounts';
import { FORGOT_PASSWORD_PATH, forgotPasswordPage, forgotPasswordSentPage } from './pages';
import { TOKEN_VALID_HOURS } from './password-tokens';

/**
 * "Forgot your password?" on the sign-in page (docs/security.md, "Passwords"). Whoever asks gets
 * the same page and the same work done (one job written), whether the address is a user's or not;
 * the job looks the address up later and mails a reset link only to an active user. Limited per
 * network address (RATE_LIMIT_PASSWORD_RESET_REQUESTS an hour) and, silently, per e-mail address.
 */
export const PASSWORD_RESET_REQUEST_JOB = 'password.reset-request';

/** Reset mails an e-mail address receives at most, however many ask for one: per hour and per day. */
export const RESET_MAILS_PER_EMAIL = { hour: 3, day: 10 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who is asking, for the per-address limit: an IPv4 address, or an IPv6 address's /64 network
 * (one connection commonly holds a whole /64, which would otherwise give it endless addresses).
 */
export function requesterOf(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const Form = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) });

export function registerForgotPassword(
  app: FastifyInstance,
  db: Db,
  limits: Pick<RateLimits, 'passwordResetRequests'>,
) {
  const start = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html');
    return shellLocale(req.query, req.headers['accept-language']);
  };

  app.get(FORGOT_PASSWORD_PATH, { schema: { hide: true } }, async (req, reply) =>
    forgotPasswordPage({ locale: start(req, reply) }),
  );

  app.post(FORGOT_PASSWORD_PATH, { schema: { hide: true } }, async (req, reply) => {
    const locale = start(req, reply);
    const form = Form.safeParse(req.body);
    if (!form.success) {
      const typed = (req.body as { email?: unknown } | undefined)?.email;
      return reply.code(400).send(
        forgotPasswordPage({
          locale,
          email: typeof typed === 'string' ? typed.slice(0, 254) : '',
          problem: 'invalidEmail',
        }),
      );
    }
    const { email } = form.data;
    const window = LIMIT_WINDOWS_MS.passwordResetRequests;
    const { current, ttl } = await countCall(db, `passwordResetRequests:${requesterOf(req.ip)}`, window);
    if (current > limits.passwordResetRequests) {
      const wait = Math.max(1, Math.ceil(ttl / 1000));
      req.log.warn({ event: 'password-reset-throttled', wait }, 'password reset refused: too many requests');
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .send(forgotPasswordPage({ locale, email, problem: 'throttled', wait }));
    }
    await enqueueJob(db, PASSWORD_RESET_REQUEST_JOB, { email, locale });
    req.log.info({ event: 'password-reset-requested' }, 'password reset requested');
    return forgotPasswordSentPage(
      locale,
      email,
      translateCount(locale, 'mail.hours', TOKEN_VALID_HOURS.reset),
    );
  });
}

/**
 * The job behind a request: counts it against the address's hourly mails, then mails a reset link
 * in the page's language if the address is an active user's. Ending sessions waits for the new
 * password (password-tokens.ts): a stranger asking must not sign the owner out.
 */
export function passwordResetRequestJob(config: Pick<Config, 'publicUrl'>): InsideJob {
  return {
    inside: async (q: Queryable, payload) => {
      const email = String(payload.email);
      const hour = await countCall(q, `passwordResetMails:${email}`, LIMIT_WINDOWS_MS.passwordResetRequests);
      const day = await countCall(q, `passwordResetMailsDaily:${email}`, DAY_MS);
      if (hour.current > RESET_MAILS_PER_EMAIL.hour || day.current > RESET_MAILS_PER_EMAIL.day) return;
      const account = await findSignInAccount(q, { email });
      if (!account) return;
      const locale = String(payload.locale);
      await sendPasswordLink(q, config, account.partnerId, account.id, 'reset', account, locale);
    },
  };
}
