import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/db';
import { sameSecret } from '../same-secret';
import type { BankIdCollect } from './port';
import { isCurrentQrCode, parseQrCode, qrSeconds } from './qr';
import { html, page } from './simulator-pages';
import { isPersonalNumber, personOf, simulatedSignature } from './simulator-signer';
import {
  isPending as pending,
  loadSimulatorKeys,
  simOrderStore,
  type OrderKey,
  type SimOrder,
} from './simulator-store';

/**
 * A BankID for demos and tests, in the server itself. Under `{prefix}/rp/v6.0` it answers the
 * relying-party API v6 the way the real service does (`sign`, `collect`, `cancel`; orderRef,
 * autoStartToken, qrStartToken and qrStartSecret; the pending and failed hint codes;
 * `alreadyInProgress` and `invalidParameters`), and under `{prefix}/app` it plays the BankID
 * app: a page, opened with the autostart token or a scanned QR code, where the signer reads the
 * text, enters a personal identity number and signs or cancels.
 *
 * An order waits 30 s for the app to be opened (as BankID's QR codes do), then 3 min from its
 * start for the signer; after that it fails `expiredTransaction`. Orders are kept in the
 * database (simulator-store.ts), so that server copies behind a load balancer share them: any
 * copy may start, show, sign or collect an order. They are dropped 5 min after they ended
 * (collect then answers invalidParameters, as for any unknown order).
 *
 * The completion data's `signature` is NOT a BankID signature: it is base64 of a small XML
 * document with what was signed, sealed with an HMAC-SHA256 under the simulator's key
 * (`verifySimulatedSignature`; one key for all copies, in the settings table); `ocspResponse` is
 * base64 of a line of text. Anybody who can reach the page can sign as anybody: never run it
 * where real signatures are expected.
 */

export const BANKID_SIMULATOR_PREFIX = '/bankid-sim';
/** The API's path under the prefix: the simulator's base URL is `{origin}{prefix}{BANKID_API_PATH}`. */
export const BANKID_API_PATH = '/rp/v6.0';

export interface BankIdSimulatorOptions {
  /** Where the simulator lives; default `/bankid-sim` (API at `/bankid-sim/rp/v6.0`, app at `/bankid-sim/app`). */
  prefix?: string;
  /** Milliseconds since the epoch; tests move it to expire orders and animate QR codes. */
  clock?: () => number;
  /** The key of the simulated signatures; unless given, the one in the settings table (made once). */
  signingKey?: string | Buffer;
  /** What a caller of the API must send as `x-simulator-key`; unless given, the one in the settings table. */
  apiKey?: string;
}

export interface BankIdSimulator {
  prefix: string;
  /** The API's path, e.g. `/bankid-sim/rp/v6.0`: put an origin before it for the client's baseUrl. */
  apiPath: string;
  /** The simulated app's page for an order, the simulator's stand-in for `bankid:///?autostarttoken=…`. */
  appPath(autoStartToken: string): string;
  /** The key that seals the simulated signatures. */
  signingKey: Buffer;
  /** The API answers only callers that send it as `x-simulator-key` (the portal itself). */
  apiKey: string;
}

/** The header that carries the simulator's API key (the real service asks for a client certificate). */
export const SIMULATOR_KEY_HEADER = 'x-simulator-key';

const MAX_VISIBLE_DATA = 40_000;
const MAX_NON_VISIBLE_DATA = 200_000;

// ---------------------------------------------------------------------------------------------
// Request checks

const isBase64 = (s: string) => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);
const utf8 = new TextDecoder('utf-8', { fatal: true });
const decodeText = (b64: string) => {
  try {
    return utf8.decode(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
};

class RpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly details: string,
  ) {
    super(details);
  }
}

const invalid = (details: string) => new RpError(400, 'invalidParameters', details);

const objectBody = (body: unknown): Record<string, unknown> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('Invalid request body.');
  return body as Record<string, unknown>;
};

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid ${key}.`);
  return v;
}

// ---------------------------------------------------------------------------------------------

export async function registerBankIdSimulator(
  app: FastifyInstance,
  db: Db,
  opts: BankIdSimulatorOptions = {},
): Promise<BankIdSimulator> {
  const prefix = (opts.prefix ?? BANKID_SIMULATOR_PREFIX).replace(/\/+$/, '');
  const clock = opts.clock ?? Date.now;
  const stored =
    opts.signingKey === undefined || opts.apiKey === undefined ? await loadSimulatorKeys(db) : undefined;
  const signingKey =
    opts.signingKey === undefined
      ? stored!.signingKey
      : Buffer.isBuffer(opts.signingKey)
        ? opts.signingKey
        : Buffer.from(opts.signingKey, 'utf8');
  const apiKey = opts.apiKey ?? stored!.apiKey;
  const store = simOrderStore(db);
  const appBase = `${prefix}/app`;

  /** The clock's time, after expiring and forgetting orders as of it. */
  const tidyNow = async () => {
    const now = clock();
    await store.tidy(now);
    return now;
  };
  const byRef = async (body: unknown) => {
    const orderRef = optionalString(objectBody(body), 'orderRef');
    if (!orderRef) throw invalid('Missing orderRef.');
    const order = await store.find('order_ref', orderRef);
    if (!order) throw invalid('No such order.');
    return order;
  };

  const collectAnswer = (o: SimOrder): BankIdCollect => {
    if (o.state === 'complete')
      return { orderRef: o.orderRef, status: 'complete', completionData: o.completionData! };
    if (o.state === 'failed') return { orderRef: o.orderRef, status: 'failed', hintCode: o.hintCode! };
    return {
      orderRef: o.orderRef,
      status: 'pending',
      hintCode: o.state === 'opened' ? 'userSign' : 'outstandingTransaction',
    };
  };

  // ----- The relying-party API -----------------------------------------------------------------

  await app.register(
    (api, _opts, done) => {
      api.setErrorHandler((error: FastifyError | RpError, req, reply) => {
        if (error instanceof RpError)
          return reply.code(error.status).send({ errorCode: error.errorCode, details: error.details });
        const status = error.statusCode ?? 500;
        if (status === 415)
          return reply
            .code(415)
            .send({ errorCode: 'unsupportedMediaType', details: 'Use application/json.' });
        if (status >= 400 && status < 500)
          return reply.code(400).send({ errorCode: 'invalidParameters', details: 'Invalid request body.' });
        req.log.error({ err: error }, 'bankid simulator failed');
        return reply.code(500).send({ errorCode: 'internalError', details: 'Internal error.' });
      });
      const hide = { schema: { hide: true } };
      // Only the portal may call (BankID asks for the relying party's certificate); JSON only.
      api.addHook('onRequest', (req, _reply, next) => {
        if (!sameSecret(req.headers[SIMULATOR_KEY_HEADER], apiKey))
          next(new RpError(401, 'unauthorized', 'Unknown relying party.'));
        else if (/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) next();
        else next(new RpError(415, 'unsupportedMediaType', 'Use application/json.'));
      });

      api.post('/sign', hide, async (req, reply) => {
        const body = objectBody(req.body);
        const endUserIp = optionalString(body, 'endUserIp');
        if (!endUserIp || !isIP(endUserIp)) throw invalid('Invalid endUserIp.');
        const userVisibleData = optionalString(body, 'userVisibleData');
        if (!userVisibleData) throw invalid('Missing userVisibleData.');
        if (
          userVisibleData.length > MAX_VISIBLE_DATA ||
          !isBase64(userVisibleData) ||
          !decodeText(userVisibleData)
        )
          throw invalid('Invalid userVisibleData.');
        const userNonVisibleData = optionalString(body, 'userNonVisibleData');
        if (
          userNonVisibleData !== undefined &&
          (userNonVisibleData.length > MAX_NON_VISIBLE_DATA ||
            !isBase64(userNonVisibleData) ||
            !userNonVisibleData)
        )
          throw invalid('Invalid userNonVisibleData.');
        const userVisibleDataFormat = optionalString(body, 'userVisibleDataFormat');
        if (userVisibleDataFormat !== undefined && userVisibleDataFormat !== 'simpleMarkdownV1')
          throw invalid('Invalid userVisibleDataFormat.');
        let personalNumber: string | undefined;
        if (body.requirement !== undefined) {
          const requirement = body.requirement;
          if (typeof requirement !== 'object' || requirement === null || Array.isArray(requirement))
            throw invalid('Invalid requirement.');
          personalNumber = optionalString(requirement as Record<string, unknown>, 'personalNumber');
          if (personalNumber !== undefined && !isPersonalNumber(personalNumber))
            throw invalid('Invalid personalNumber.');
        }

        const now = await tidyNow();
        const order: SimOrder = {
          orderRef: randomUUID(),
          autoStartToken: randomUUID(),
          qrStartToken: randomUUID(),
          qrStartSecret: randomUUID(),
          appSession: randomBytes(24).toString('base64url'),
          startedAt: now,
          endUserIp,
          userVisibleData,
          userNonVisibleData,
          userVisibleDataFormat,
          personalNumber,
          state: 'outstanding',
        };
        // As BankID does: a second order for a person with one in progress ends both.
        const started = await store.start(order, now);
        if (started === 'alreadyInProgress')
          throw new RpError(400, 'alreadyInProgress', 'Order already in progress for pno.');
        if (started === 'full') throw new RpError(503, 'maintenance', 'Too many orders in progress.');
        const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
        return reply.send({ orderRef, autoStartToken, qrStartToken, qrStartSecret });
      });

      api.post('/collect', hide, async (req, reply) => {
        await tidyNow();
        return reply.send(collectAnswer(await byRef(req.body)));
      });

      api.post('/cancel', hide, async (req, reply) => {
        const now = await tidyNow();
        const order = await byRef(req.body);
        // Already ended (here or on another copy, even just now): nothing to do, as with BankID.
        if (pending(order)) await store.end(order.orderRef, now, { state: 'failed', hintCode: 'cancelled' });
        return reply.send({});
      });
      done();
    },
    { prefix: `${prefix}${BANKID_API_PATH}` },
  );

  // ----- The simulated app ---------------------------------------------------------------------

  await app.register(
    (pages, _opts, done) => {
      const FORM = 'application/x-www-form-urlencoded';
      // The portal may already read forms (the sign-in page); here they are always read as below.
      if (pages.hasContentTypeParser(FORM)) pages.removeContentTypeParser(FORM);
      pages.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      const send = (reply: FastifyReply, status: number, title: string, body: string) =>
        reply
          .code(status)
          .header('cache-control', 'no-store')
          // The page's address holds the order's token.
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(page(title, body));
      pages.setErrorHandler((error: FastifyError, req, reply) => {
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) req.log.error({ err: error }, 'bankid simulator page failed');
        return send(
          reply,
          status,
          'Error',
          `<h2>Something went wrong</h2><p class="error">${html(error.message)}</p>`,
        );
      });
      const gone = (reply: FastifyReply, o?: SimOrder) =>
        send(
          reply,
          o ? 410 : 404,
          'No order',
          `<h2>${o ? 'This order has ended' : 'No such order'}</h2>
<p class="muted">${o?.state === 'complete' ? 'It was signed.' : o ? `It ended: ${html(o.hintCode ?? '')}.` : 'Start the signing again in the portal.'}</p>`,
        );

      const signPage = (reply: FastifyReply, o: SimOrder, status = 200, error?: string, entered?: string) => {
        const text = decodeText(o.userVisibleData) ?? '';
        const value = entered ?? o.personalNumber ?? '';
        return send(
          reply,
          status,
          'Sign',
          `<h2>Sign</h2>
<p class="muted">The partner portal asks you to sign:</p>
<div class="text" id="user-visible-data">${html(text)}</div>
${o.userNonVisibleData ? '<p class="muted">You also sign data that is not shown.</p>' : ''}
${error ? `<p class="error" role="alert">${html(error)}</p>` : ''}
<form method="post" action="${html(appBase)}/approve">
<input type="hidden" name="session" value="${html(o.appSession)}">
<label for="personalNumber">Personal identity number (YYYYMMDDNNNN)</label>
<input type="text" id="personalNumber" name="personalNumber" value="${html(value)}" inputmode="numeric"
  pattern="[0-9]{12}" maxlength="12" autocomplete="off" required${o.personalNumber ? ' readonly' : ''}>
<div class="actions">
<button type="submit" class="secondary" formaction="${html(appBase)}/cancel" formnovalidate>Cancel</button>
<button type="submit" class="primary">Sign</button>
</div>
</form>`,
        );
      };

      /** The sign page of the order, now opened; or why not, when it has ended. */
      const open = async (reply: FastifyReply, key: OrderKey, value: string, now: number) => {
        const opened = await store.open(key, value, now);
        return opened ? signPage(reply, opened) : gone(reply, await store.find(key, value));
      };

      const get = { schema: { hide: true }, exposeHeadRoute: false };

      pages.get<{ Querystring: { autostarttoken?: string } }>('/', get, async (req, reply) => {
        const now = await tidyNow();
        const token = req.query.autostarttoken;
        return token ? open(reply, 'auto_start_token', token, now) : gone(reply);
      });

      pages.get<{ Querystring: { code?: string } }>('/qr', get, async (req, reply) => {
        const now = await tidyNow();
        const code = req.query.code?.trim();
        const form = (status: number, error?: string) =>
          send(
            reply,
            status,
            'Scan QR code',
            `<h2>Scan QR code</h2>
${error ? `<p class="error" role="alert">${html(error)}</p>` : ''}
<form method="get" action="${html(appBase)}/qr">
<label for="code">The QR code's text (bankid.…)</label>
<input type="text" id="code" name="code" autocomplete="off" required>
<div class="actions"><button type="submit" class="primary">Continue</button></div>
</form>`,
          );
        if (!code) return form(200);
        const scanned = parseQrCode(code);
        if (!scanned) return form(400, 'This is not a BankID QR code.');
        const order = await store.find('qr_start_token', scanned.qrStartToken);
        if (!order || !pending(order)) return gone(reply, order);
        if (!isCurrentQrCode(scanned, order, qrSeconds(order.startedAt, now)))
          return form(
            400,
            'This QR code is not valid: it is out of date (it changes every second) or not genuine.',
          );
        return open(reply, 'order_ref', order.orderRef, now);
      });

      const bySession = async (body: unknown) => {
        const session = (body as Record<string, unknown> | undefined)?.session;
        return typeof session === 'string' ? store.find('app_session', session) : undefined;
      };
      /** Another copy ended the order between our look-up and our change: say how it ended. */
      const endedMeanwhile = async (reply: FastifyReply, o: SimOrder) =>
        gone(reply, await store.find('order_ref', o.orderRef));

      pages.post('/approve', { schema: { hide: true } }, async (req, reply) => {
        const now = await tidyNow();
        const o = await bySession(req.body);
        if (!o || !pending(o)) return gone(reply, o);
        const raw = (req.body as Record<string, unknown>).personalNumber;
        const pn = typeof raw === 'string' ? raw.replace(/[\s-]/g, '') : '';
        if (!isPersonalNumber(pn))
          return signPage(reply, o, 400, 'Enter a valid personal identity number of 12 digits.', pn);
        if (o.personalNumber && pn !== o.personalNumber)
          return signPage(reply, o, 400, 'This order is for another person.', pn);
        const person = personOf(pn, now);
        const user = {
          personalNumber: pn,
          name: person.name,
          givenName: person.givenName,
          surname: person.surname,
        };
        const completionData = {
          user,
          device: { ipAddress: req.ip },
          bankIdIssueDate: person.bankIdIssueDate,
          signature: simulatedSignature(signingKey, o, user, now),
          ocspResponse: Buffer.from(
            `SIMULATED OCSP RESPONSE (not BankID): certificate of ${pn} good at ${new Date(now).toISOString()}`,
          ).toString('base64'),
        };
        if (!(await store.end(o.orderRef, now, { state: 'complete', completionData })))
          return endedMeanwhile(reply, o);
        return send(
          reply,
          200,
          'Signed',
          `<h2>Signed</h2><p class="ok" role="status">You signed as ${html(user.name)}.</p>
<p class="muted">You can go back to the partner portal.</p>`,
        );
      });

      pages.post('/cancel', { schema: { hide: true } }, async (req, reply) => {
        const now = await tidyNow();
        const o = await bySession(req.body);
        if (!o || !pending(o)) return gone(reply, o);
        if (!(await store.end(o.orderRef, now, { state: 'failed', hintCode: 'userCancel' })))
          return endedMeanwhile(reply, o);
        return send(
          reply,
          200,
          'Cancelled',
          `<h2>Cancelled</h2><p class="ok" role="status">Nothing was signed.</p>
<p class="muted">You can go back to the partner portal.</p>`,
        );
      });
      done();
    },
    { prefix: appBase },
  );

  return {
    prefix,
    apiPath: `${prefix}${BANKID_API_PATH}`,
    appPath: (autoStartToken) => `${appBase}?autostarttoken=${encodeURIComponent(autoStartToken)}`,
    signingKey,
    apiKey,
  };
}
