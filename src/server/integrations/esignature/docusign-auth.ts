import { createPrivateKey, type KeyObject } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * DocuSign's JWT grant: the portal signs an assertion (RS256) with the private key of its
 * integration key, naming the user it acts for, and trades it at `{authUrl}/oauth/token` for an
 * access token of the eSignature REST API. Such tokens live about an hour, so the source below
 * keeps one and trades a new assertion shortly before it expires.
 */
export const DOCUSIGN_DEMO_AUTH_URL = 'https://account-d.docusign.com';
export const DOCUSIGN_PRODUCTION_AUTH_URL = 'https://account.docusign.com';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface DocuSignJwtGrantOptions {
  /** The auth server, e.g. DOCUSIGN_DEMO_AUTH_URL; its host is the assertion's audience. */
  authUrl: string;
  /** The integration key (client id): the assertion's issuer. */
  integrationKey: string;
  /** The user (GUID) the portal acts for, who granted consent once: the assertion's subject. */
  userId: string;
  /** The integration key's RSA private key: PEM (PKCS#8, or PKCS#1 as DocuSign shows it) or a key. */
  privateKey: string | CryptoKey;
  scope?: string;
  fetch?: typeof fetch;
  /** Per token request; default 10 s. */
  timeoutMs?: number;
  /** The assertion's life (DocuSign allows an hour at most); default 1 h, lenient to clock skew. */
  assertionLifetimeSeconds?: number;
  /** Milliseconds since the epoch; a test's clock. */
  now?: () => number;
}

/** An access token on demand; `invalidate` forgets one a REST call found refused (401). */
export interface AccessTokenSource {
  (): Promise<string>;
  invalidate(token: string): void;
}

export class DocuSignAuthError extends Error {
  constructor(
    /** invalid_grant, consent_required … as the server answered; or timeout, transportError, invalidResponse, invalidKey. */
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DocuSignAuthError';
  }
}

/** Renew when less than 10 minutes remain, or for a short-lived token its last 10 %. */
const RENEW_BEFORE_MS = 10 * 60_000;
const RENEW_BEFORE_FRACTION = 0.1;

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.coerce.number().positive(),
});
const ErrorAnswer = z.object({ error: z.string().min(1), error_description: z.string().optional() });

/** An RSA private key from PEM; DocuSign hands out PKCS#1, which jose does not read. */
export async function importDocuSignPrivateKey(pem: string): Promise<CryptoKey> {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new DocuSignAuthError(
      'invalidKey',
      `not an RSA private key in PEM (PKCS#8 or PKCS#1): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new DocuSignAuthError('invalidKey', `an ${key.asymmetricKeyType} key, not an RSA one`);
  return importPKCS8(key.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
}

export function docuSignJwtGrant(options: DocuSignJwtGrantOptions): AccessTokenSource {
  const authUrl = options.authUrl.replace(/\/+$/, '');
  const tokenUrl = `${authUrl}/oauth/token`;
  const audience = new URL(authUrl).host;
  const http = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const assertionLifetime = options.assertionLifetimeSeconds ?? 3600;
  let key: Promise<CryptoKey> | undefined;

  let current: { token: string; expiresAt: number; renewAt: number } | undefined;
  let renewal: Promise<string> | undefined;

  async function grant(): Promise<string> {
    key ??=
      typeof options.privateKey === 'string'
        ? importDocuSignPrivateKey(options.privateKey)
        : Promise.resolve(options.privateKey);
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: options.scope ?? 'signature impersonation' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.integrationKey)
      .setSubject(options.userId)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + assertionLifetime)
      .sign(await key);
    // The token's life counts from the request, not the answer: never later than the server's.
    const sentAt = now();
    let res: Response;
    let text: string;
    try {
      res = await http(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new DocuSignAuthError(
          'timeout',
          `DocuSign JWT grant: no answer from ${tokenUrl} within ${timeoutMs} ms`,
        );
      throw new DocuSignAuthError(
        'transportError',
        `DocuSign JWT grant: ${tokenUrl}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const refusal = ErrorAnswer.safeParse(json);
      if (!refusal.success)
        throw new DocuSignAuthError(
          'invalidResponse',
          `DocuSign JWT grant: ${tokenUrl} answered ${res.status}`,
          res.status,
        );
      const { error, error_description: description } = refusal.data;
      const hint =
        error === 'consent_required'
          ? ` (user ${options.userId} has to grant consent to integration key ${options.integrationKey} once, scope "signature impersonation")`
          : '';
      throw new DocuSignAuthError(
        error,
        `DocuSign JWT grant refused (${res.status} ${error}${description ? `: ${description}` : ''})${hint}`,
        res.status,
      );
    }
    const answer = TokenAnswer.safeParse(json);
    if (!answer.success)
      throw new DocuSignAuthError(
        'invalidResponse',
        `DocuSign JWT grant: ${tokenUrl} answered no bearer token: ${answer.error.message}`,
        res.status,
      );
    const life = answer.data.expires_in * 1000;
    const expiresAt = sentAt + life;
    current = {
      token: answer.data.access_token,
      expiresAt,
      renewAt: expiresAt - Math.min(RENEW_BEFORE_MS, life * RENEW_BEFORE_FRACTION),
    };
    return current.token;
  }

  const source = async (): Promise<string> => {
    const held = current;
    if (held && now() < held.renewAt) return held.token;
    // Concurrent callers share one request.
    renewal ??= grant().finally(() => {
      renewal = undefined;
    });
    try {
      return await renewal;
    } catch (error) {
      // A failed renewal may keep the token it was to replace, but never past its expiry.
      if (held && current === held && now() < held.expiresAt) return held.token;
      throw error;
    }
  };
  return Object.assign(source, {
    invalidate(token: string) {
      if (current?.token === token) current = undefined;
    },
  });
}
