import https from 'node:https';
import { z } from 'zod';
import { BankIdError, type BankId, type BankIdCollect, type BankIdOrder, type BankIdSignInput } from './port';

/**
 * The adapter: the BankID relying-party API v6 over HTTPS, JSON in and out. The real service
 * (https://appapi2.test.bankid.com/rp/v6.0 for tests, https://appapi2.bankid.com/rp/v6.0 in
 * production) only answers a client presenting the relying party's certificate, and its server
 * certificate is issued by BankID's own CA: pass `fetch: mutualTlsFetch({ pfx, passphrase, ca })`
 * (below, node:https, no further package). A deployment that has undici may instead pass
 * `(url, init) => fetch(url, { ...init, dispatcher: new Agent({ connect: { pfx, passphrase, ca } }) })`.
 * Against the simulator the global fetch (or the factory's in-process one) is enough.
 */
export interface BankIdClientOptions {
  /** Up to and including the version, without a trailing slash: `…/rp/v6.0`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per call; the API answers within a few seconds. */
  timeoutMs?: number;
}

const OrderAnswer = z.object({
  orderRef: z.string().min(1),
  autoStartToken: z.string().min(1),
  qrStartToken: z.string().min(1),
  qrStartSecret: z.string().min(1),
});

const CompletionData = z.object({
  user: z.object({
    personalNumber: z.string(),
    name: z.string(),
    givenName: z.string(),
    surname: z.string(),
  }),
  device: z.object({ ipAddress: z.string(), uhi: z.string().optional() }),
  bankIdIssueDate: z.string(),
  signature: z.string(),
  ocspResponse: z.string(),
  stepUp: z.object({ mrtd: z.boolean() }).optional(),
  risk: z.enum(['low', 'moderate', 'high']).optional(),
});

const CollectAnswer = z.discriminatedUnion('status', [
  z.object({ orderRef: z.string(), status: z.literal('pending'), hintCode: z.string().default('') }),
  z.object({ orderRef: z.string(), status: z.literal('failed'), hintCode: z.string().default('') }),
  z.object({ orderRef: z.string(), status: z.literal('complete'), completionData: CompletionData }),
]);

const ErrorAnswer = z.object({ errorCode: z.string().min(1), details: z.string().optional() });

const base64 = (data: string | Uint8Array) =>
  (typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)).toString('base64');

export function createBankIdClient(options: BankIdClientOptions): BankId {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(
    method: 'sign' | 'collect' | 'cancel',
    body: unknown,
    shape: z.ZodType<T>,
  ): Promise<T> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      throw new BankIdError('transportError', e instanceof Error ? e.message : String(e));
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const error = ErrorAnswer.safeParse(json);
      if (error.success) throw new BankIdError(error.data.errorCode, error.data.details ?? '', res.status);
      const fallback = res.status >= 500 ? 'internalError' : 'invalidResponse';
      throw new BankIdError(fallback, `HTTP ${res.status} from ${method}`, res.status);
    }
    const parsed = shape.safeParse(json);
    if (!parsed.success)
      throw new BankIdError('invalidResponse', `${method}: ${parsed.error.message}`, res.status);
    return parsed.data;
  }

  return {
    async sign(input: BankIdSignInput): Promise<BankIdOrder> {
      return call(
        'sign',
        {
          endUserIp: input.endUserIp,
          userVisibleData: base64(input.userVisibleData),
          ...(input.userVisibleDataFormat && { userVisibleDataFormat: input.userVisibleDataFormat }),
          ...(input.userNonVisibleData !== undefined && {
            userNonVisibleData: base64(input.userNonVisibleData),
          }),
          ...(input.personalNumber && { requirement: { personalNumber: input.personalNumber } }),
        },
        OrderAnswer,
      );
    },
    async collect(orderRef: string): Promise<BankIdCollect> {
      return call('collect', { orderRef }, CollectAnswer);
    },
    async cancel(orderRef: string): Promise<void> {
      await call('cancel', { orderRef }, z.unknown());
    },
  };
}

export interface BankIdTls {
  /** The relying party's certificate and key (PKCS#12), as BankID issues it. */
  pfx: Buffer;
  passphrase?: string;
  /** BankID's CA (PEM) that issued the service's server certificate. */
  ca?: string | Buffer;
}

/**
 * A fetch for the calls of this client, over node:https with the relying party's certificate
 * (mutual TLS). Only what the client uses: the method, string headers and a string body.
 */
export function mutualTlsFetch(tls: BankIdTls): typeof fetch {
  const agent = new https.Agent({ pfx: tls.pfx, passphrase: tls.passphrase, ca: tls.ca, keepAlive: true });
  const tlsFetch = (input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const url = input instanceof Request ? input.url : String(input);
      const req = https.request(
        url,
        {
          method: init?.method ?? 'GET',
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          agent,
          signal: init?.signal ?? undefined,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 502;
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              for (const value of [v ?? []].flat()) headers.append(k, value);
            const nullBody = [101, 204, 205, 304].includes(status);
            resolve(
              new Response(nullBody ? null : Buffer.concat(chunks).toString('utf8'), { status, headers }),
            );
          });
        },
      );
      req.on('error', reject);
      req.end(typeof init?.body === 'string' ? init.body : undefined);
    });
  return tlsFetch;
}
