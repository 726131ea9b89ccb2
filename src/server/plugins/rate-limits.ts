import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROBLEM } from '../../domain/problems';
import type { Db, Queryable } from '../db/db';
import { HttpProblem } from '../problems';

/**
 * Calls that cost something (a mail to a person, a PDF, a spreadsheet, a search at the credit
 * agency, a stored file, the engine's work) are limited per account and window (docs/security.md,
 * "Limits"). The counters live in PostgreSQL, so every server copy counts the same calls. Over
 * the limit, the answer is 429 with Retry-After.
 */
export const LIMIT_KINDS = [
  'uiErrors',
  'passwordMails',
  'passwordResetRequests',
  'redemptionMails',
  'exports',
  'pdfs',
  'customerSearch',
  'calculations',
  'quickSearch',
  'saves',
  'uploads',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type RateLimits = Record<LimitKind, number>;

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;

/**
 * The window each kind is counted in. Calls a person makes while working are counted over 10 s:
 * the editor asks `calculate` at most every 150 ms (67 in 10 s), the quick search runs when Enter
 * is pressed (a few a second at the very most); a script's burst is refused within seconds.
 */
export const LIMIT_WINDOWS_MS: Record<LimitKind, number> = {
  uiErrors: HOUR_MS,
  passwordMails: HOUR_MS,
  passwordResetRequests: HOUR_MS,
  redemptionMails: HOUR_MS,
  exports: HOUR_MS,
  pdfs: HOUR_MS,
  customerSearch: HOUR_MS,
  calculations: 10 * SECOND_MS,
  quickSearch: 10 * SECOND_MS,
  saves: HOUR_MS,
  uploads: HOUR_MS,
};

/**
 * Calls per account and window unless the operator sets otherwise (RATE_LIMIT_<KIND>). Saves and
 * uploads leave room for a device's offline queue (up to 250 entries) sent at once.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  uiErrors: 30,
  passwordMails: 10,
  passwordResetRequests: 10,
  redemptionMails: 20,
  exports: 30,
  pdfs: 60,
  customerSearch: 200,
  calculations: 100,
  quickSearch: 50,
  saves: 1000,
  uploads: 400,
};

/**
 * Which route counts against which limit: the one home of this rule. The forgotten-password form
 * (identity/forgot-password.ts) counts `passwordResetRequests` itself, per network address, as
 * it answers with a page.
 */
const LIMITED: Record<string, LimitKind> = {
  'POST /api/logging/ui': 'uiErrors',
  'POST /api/users': 'passwordMails',
  'PUT /api/users/:userId/resetPassword': 'passwordMails',
  'POST /api/contracts/:referenceCode/redemption-offer': 'redemptionMails',
  'GET /api/calculationSets/excel': 'exports',
  'GET /api/contracts/excel': 'exports',
  'PUT /api/calculationSets/:setId/offer': 'pdfs',
  'PUT /api/calculationSets/:setId/calculationVariant/:variantId/paperContract': 'pdfs',
  'GET /api/TermsAndConditions/download': 'pdfs',
  'GET /api/customers': 'customerSearch',
  'GET /api/customers/select': 'customerSearch',
  'POST /api/calculate/:conditionListId': 'calculations',
  'GET /api/search/quicksearch': 'quickSearch',
  'POST /api/calculationSets': 'saves',
  'PUT /api/calculationSets/:setId/calculationVariant/:variantId': 'saves',
  'PUT /api/calculationSets/:setId/calculationVariant/:variantId/applicant': 'saves',
  'PUT /api/calculationSets/:setId/calculationVariant/:variantId/object-list': 'saves',
  'POST /api/calculationSets/:setId/calculationVariant': 'saves',
  'POST /api/calculationSets/:setId/documents/base64': 'uploads',
  'POST /api/calculationSets/:setId/documents': 'uploads',
  'PUT /api/partner/logo': 'uploads',
};

/**
 * Counts one call under `key` in its window (the `rate_limits` table): the calls counted so far,
 * this one included, and the milliseconds until the window ends. Also for limits outside the
 * plugin's routes (the forgotten-password form answers with a page, not a problem).
 */
export async function countCall(
  q: Queryable,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await q.query<{ current: number; ttl: number }>(
    `insert into rate_limits (key, count, reset_at) values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
     on conflict (key) do update set
       count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning count as current, (extract(epoch from reset_at - now()) * 1000)::float8 as ttl`,
    [key, windowMs],
  );
  return row!;
}

/** The plugin's store on the same counters, so every server copy counts the same calls. */
function postgresStore(db: Db) {
  return class PostgresStore {
    incr(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      window: number,
    ) {
      countCall(db, key, window).then(
        (res) => cb(null, res),
        (error: Error) => cb(error),
      );
    }
    child() {
      return new PostgresStore();
    }
  };
}

/** Must be registered before the routes: it marks the limited ones as they are added. */
export async function registerRateLimits(app: FastifyInstance, db: Db, limits: RateLimits): Promise<void> {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const kind = LIMITED[`${method} ${route.url}`];
      if (!kind) continue;
      route.config = {
        ...route.config,
        rateLimit: {
          max: limits[kind],
          timeWindow: LIMIT_WINDOWS_MS[kind],
          keyGenerator: (req: FastifyRequest) => `${kind}:${req.caller?.accountId ?? req.ip}`,
        },
      };
    }
  });
  await app.register(rateLimit, {
    global: false,
    // After the caller is known (the limit is the account's).
    hook: 'preHandler',
    store: postgresStore(db),
    errorResponseBuilder: (_req, ctx) =>
      new HttpProblem(
        429,
        PROBLEM.tooManyRequests,
        'Too Many Requests',
        `Too many calls of this kind (at most ${ctx.max}): try again in ${ctx.after}.`,
      ),
  });
}
