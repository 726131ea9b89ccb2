import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '../../domain/http';
import { PROBLEM, PROBLEM_CONTENT_TYPE } from '../../domain/problems';
import type { Db, Queryable } from '../db/db';
import { HttpProblem, validation } from '../problems';

/**
 * `Idempotency-Key` on the writes an offline outbox replays (docs/offline.md 'The outbox', docs/api.md):
 * a key belongs to the user, the selected user profile (brand), the method and the path (its
 * scope); the first answer to a key is kept at least 30 days, in the same transaction as the
 * write's effect, and a repeat of the same request gets it back (with `Idempotent-Replayed:
 * true`) without the handler running again. The same key with another request (method, path
 * with query, validated body) is a 422; while the first request with a key is still running a
 * repeat is a 409, both /problems/idempotency-conflict.
 *
 * Kept: 2xx answers and 4xx answers that are final for the outbox (not 401, 408, 409, 412 or 429,
 * which it retries or resolves; a 412 replayed for ever would stop the conflict screen from
 * ever succeeding). Not kept: 5xx and any other thrown error; the transaction rolls back, so
 * neither the effect nor the record stays.
 *
 * How: the request's transaction is begun by the handler's first db.tx (db.withAmbient), which
 * takes an advisory lock on (user, scope, key) (`pg_try_advisory_xact_lock`, not waiting: held means a
 * running request, 409) and inserts the record as `running`; the services' own db.tx calls run
 * in it as savepoints. After the handler the answer is written into the record and the
 * transaction commits; only then does the answer leave. On PGlite, which runs one transaction
 * at a time, a concurrent repeat waits and then gets the first answer instead of a 409.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Writes an outbox replays: `Idempotency-Key` makes them idempotent (registerIdempotency). */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_RETENTION_DAYS = 30;
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** The headers of an answer that a replay repeats (the rest are made anew). */
const KEPT_HEADERS = ['content-type', 'etag', 'location'];
/** Client errors an outbox does not take as final (docs/offline.md): never kept. */
const NOT_FINAL = new Set([401, 408, 409, 412, 429]);
const kept = (status: number) => status >= 200 && status < 500 && !NOT_FINAL.has(status);

const stillRunning = () =>
  new HttpProblem(
    409,
    PROBLEM.idempotencyConflict,
    'Conflict',
    'A request with this Idempotency-Key is still running; try again later.',
  );
const otherRequest = () =>
  new HttpProblem(
    422,
    PROBLEM.idempotencyConflict,
    'Unprocessable Content',
    'This Idempotency-Key was used for another request.',
  );

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** JSON text; null for an empty answer. */
  body: string | null;
}

/** Whose key it is: the user, and the profile, method and path it was sent for. */
interface KeyOwner {
  userId: string;
  scope: string;
}

interface KeyRow extends Partial<Answer> {
  request_hash: string;
  state: 'running' | 'done';
}

/** A finished request with the key was found after the handler had started: answer its answer. */
class Replay extends Error {}
/** Ends the request's transaction without keeping anything. */
class Rollback extends Error {}

/** The advisory lock of a key: 64 bits of the text's hash; shared with the tests. */
export const lockKeyText = ({ userId, scope }: KeyOwner, key: string) =>
  `idempotency\n${userId}\n${scope}\n${key}`;

/**
 * The key's scope: the same key under another brand, method or address is another key (an
 * admin's key reused under a second brand must not replay the first brand's set).
 */
export const keyScope = (userProfileId: string | undefined, method: string, path: string) =>
  `${userProfileId ?? ''} ${method} ${path}`;

const scopeOf = (req: FastifyRequest) =>
  keyScope(req.caller?.profile?.userProfileId, req.method, req.url.split('?')[0]!);

function requestHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n`)
    .update(JSON.stringify(req.body ?? null))
    .digest('hex');
}

/** The key's record; one kept before keys had a scope (scope '') still answers until it is pruned. */
async function findKey(q: Queryable, { userId, scope }: KeyOwner, key: string): Promise<KeyRow | undefined> {
  const [row] = await q.query<KeyRow>(
    `select request_hash, state, status, headers, body from idempotency_keys
      where user_id = $1 and scope in ($2, '') and key = $3
      order by scope desc limit 1`,
    [userId, scope, key],
  );
  return row;
}

/** The request's transaction: begun on demand, held open until the answer is known. */
function heldTransaction(db: Db, claim: (q: Queryable) => Promise<void>) {
  let opened: Promise<Queryable> | undefined;
  let done: Promise<void> = Promise.resolve();
  let finish: (last: ((q: Queryable) => Promise<void>) | Error) => void = () => undefined;
  return {
    begin(): Promise<Queryable> {
      opened ??= new Promise<Queryable>((resolve, reject) => {
        const last = new Promise<((q: Queryable) => Promise<void>) | Error>((r) => (finish = r));
        done = db.tx(async (q) => {
          await claim(q);
          resolve(q);
          const step = await last;
          if (step instanceof Error) throw step;
          await step(q);
        });
        done.catch(reject);
      });
      return opened;
    },
    /** Whether the transaction was begun and claimed the key. */
    async isOpen(): Promise<boolean> {
      return opened
        ? opened.then(
            () => true,
            () => false,
          )
        : false;
    },
    /** Runs the last step (keeping the answer) and commits; throws what the commit threw. */
    async commit(step: (q: Queryable) => Promise<void>): Promise<void> {
      finish(step);
      await done;
    },
    async rollback(): Promise<void> {
      finish(new Rollback());
      await done.catch(() => undefined);
    },
  };
}

type RouteHandler = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Wraps a route handler so that `Idempotency-Key` makes it idempotent; without the header (or a
 * caller) the handler runs as it is. The handler must answer by returning its payload (JSON, or
 * undefined for an empty answer) with status and headers set on reply, never by reply.send:
 * nothing may leave before the commit.
 */
export function idempotent(db: Db, handler: RouteHandler): RouteHandler {
  return async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const key = req.headers[HEADERS.idempotencyKey.toLowerCase()];
    if (key === undefined || !req.caller) return handler.call(this, req, reply);
    if (typeof key !== 'string' || key.length < 1 || key.length > 100)
      throw validation(
        [{ name: HEADERS.idempotencyKey, reason: 'invalidIdempotencyKey' }],
        'Idempotency-Key must have 1 to 100 characters.',
      );
    const owner: KeyOwner = { userId: req.caller.user.id, scope: scopeOf(req) };
    const { userId, scope } = owner;
    const hash = requestHash(req);

    const replay = (row: KeyRow) => {
      if (row.request_hash !== hash) throw otherRequest();
      if (row.state !== 'done') throw stillRunning();
      reply
        .code(row.status!)
        .headers(row.headers ?? {})
        .header(REPLAYED_HEADER, 'true');
      return row.body === null || row.body === undefined ? undefined : (JSON.parse(row.body) as unknown);
    };
    const known = await findKey(db, owner, key);
    if (known) return replay(known);

    const tx = heldTransaction(db, async (q) => {
      const [lock] = await q.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked',
        [lockKeyText(owner, key)],
      );
      if (!lock?.locked) throw stillRunning();
      // A request with the key may have finished since the look above.
      const row = await findKey(q, owner, key);
      if (row) throw row.request_hash === hash ? new Replay() : otherRequest();
      await q.query(
        `insert into idempotency_keys (user_id, scope, key, request_hash, state) values ($1, $2, $3, $4, 'running')`,
        [userId, scope, key, hash],
      );
    });
    const keep = (answer: Answer) => async (q: Queryable) => {
      if (kept(answer.status))
        await q.query(
          `update idempotency_keys set state = 'done', status = $4, headers = $5, body = $6
            where user_id = $1 and scope = $2 and key = $3`,
          [userId, scope, key, answer.status, JSON.stringify(answer.headers), answer.body],
        );
      // An answer not worth keeping (a 2xx/3xx a handler chose oddly): the effect stays, the key goes.
      else
        await q.query('delete from idempotency_keys where user_id = $1 and scope = $2 and key = $3', [
          userId,
          scope,
          key,
        ]);
    };

    let payload: unknown;
    let answer: Answer;
    try {
      payload = await db.withAmbient<unknown>(
        () => tx.begin(),
        async () => await handler.call(this, req, reply),
      );
      if (reply.sent) throw new Error('An idempotent handler must return its answer, not send it.');
      const headers = Object.fromEntries(
        KEPT_HEADERS.flatMap((h) => (reply.hasHeader(h) ? [[h, String(reply.getHeader(h))]] : [])),
      );
      answer = {
        status: reply.statusCode,
        headers,
        body: payload === undefined ? null : JSON.stringify(payload),
      };
    } catch (error) {
      const begun = await tx.isOpen();
      if (!begun && error instanceof Replay) return replay((await findKey(db, owner, key))!);
      if (!(error instanceof HttpProblem) || !kept(error.status) || (!begun && isClaimError(error))) {
        await tx.rollback();
        throw error;
      }
      // A final refusal: the handler's savepoints are rolled back; the refusal is kept and answered.
      const problem: Answer = {
        status: error.status,
        headers: { 'content-type': PROBLEM_CONTENT_TYPE },
        body: JSON.stringify(error.toProblem(req.id)),
      };
      await commitOrAnswerUnkept(tx, begun, keep(problem));
      throw error;
    }
    await commitOrAnswerUnkept(tx, await tx.isOpen(), keep(answer));
    return payload;
  };
}

/** The claim's own refusals (409, 422), which describe the key, not the request's outcome. */
const isClaimError = (error: HttpProblem) => error.type === PROBLEM.idempotencyConflict;

/**
 * Commits the request's transaction with the answer kept. A handler that never began it (it
 * failed, or answered, before any db.tx) has no effect to join: the key is claimed now; if that
 * fails (another request holds or used the key meanwhile) the answer still goes out, unkept.
 */
async function commitOrAnswerUnkept(
  tx: ReturnType<typeof heldTransaction>,
  begun: boolean,
  step: (q: Queryable) => Promise<void>,
): Promise<void> {
  if (!begun) {
    try {
      await tx.begin();
    } catch {
      return;
    }
  }
  await tx.commit(step);
}

/**
 * Makes the routes with `config: { idempotent: true }` registered after it idempotent (their
 * handlers stay typed by their schemas: a hook wraps them). Old records are pruned by the
 * housekeeping (jobs/housekeeping.ts).
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent) route.handler = idempotent(db, route.handler);
  });
}
