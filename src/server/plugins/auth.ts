import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';
import { HEADERS } from '../../domain/http';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { forbidden, unauthorized, validation } from '../problems';
import type { ProfileRow, UserRow } from '../modules/session/repo';
import { createCallerCache, type CallerCache } from './caller-cache';
import { FORBIDDEN } from '../modules/session/forbidden';
import type { Revocations } from './revocations';

/** Who is calling: the account from the token, the user it acts as and the selected profile. */
export interface Caller {
  accountId: string;
  user: UserRow;
  profiles: ProfileRow[];
  /** The selected user profile (brand); null for a user without any profile. */
  profile: ProfileRow | null;
  /** The token's session: when it expires (ms) and the grant it belongs to (embedded provider). */
  session: { expiresAt: number; grantId?: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a token (configuration, health). */
    public?: boolean;
    /**
     * The session's own calls (the profile, the users, the terms, the PWA's error reports): they
     * answer before the account is activated and before the terms of use are accepted.
     */
    session?: boolean;
  }
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export type TokenVerifier = (token: string) => Promise<JWTPayload>;

/**
 * Checks signature (against the provider's keys), issuer, audience, expiry and algorithm.
 * The embedded provider's key is known locally; an external provider's keys are read from its
 * discovery document on first use.
 */
export function createTokenVerifier(config: Config, embeddedKey?: JWK): TokenVerifier {
  const { issuer, audience } = config.oidc;
  let keys: Promise<Parameters<typeof jwtVerify>[1]> | undefined = embeddedKey
    ? Promise.resolve(createLocalJWKSet({ keys: [embeddedKey] }))
    : undefined;
  // An external provider's keys are found through its discovery document, read on first use
  // and read again after a failure.
  const keySet = () => {
    keys ??= fetch(`${issuer}/.well-known/openid-configuration`)
      .then(async (r) => {
        if (!r.ok) throw new Error(`discovery: HTTP ${r.status}`);
        return createRemoteJWKSet(new URL(((await r.json()) as { jwks_uri: string }).jwks_uri));
      })
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
    return keys;
  };
  // Verified tokens are remembered until they expire: an RSA check per call is needless work.
  const verified = new Map<string, JWTPayload>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.exp! * 1000 > Date.now()) return known;
    const { payload } = await jwtVerify(token, await keySet(), {
      issuer,
      audience,
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'sub'],
    });
    if (verified.size >= 10_000) verified.clear();
    verified.set(token, payload);
    return payload;
  };
}

export async function registerAuth(
  app: FastifyInstance,
  db: Db,
  verify: TokenVerifier,
  revocations: Revocations,
): Promise<CallerCache> {
  const accounts = await createCallerCache(db);
  app.addHook('onClose', async () => accounts.close());
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (req) => {
    // Decided on the matched route, not the raw address: /%61pi/… is routed to /api/… too.
    if (!(req.routeOptions.url ?? '').startsWith('/api/') || req.routeOptions.config?.public) return;
    req.caller = await resolveCaller(req, accounts, verify, revocations);
    if (req.routeOptions.config?.session) return;
    // Before the provider activated the user, and until the terms of use are accepted, only the
    // session's own calls answer (administration specification, “Roles and permissions”).
    if (!req.caller.user.isActivated) throw forbidden(FORBIDDEN.notActivated);
    if (!req.caller.user.termsOfUseAccepted)
      throw forbidden(FORBIDDEN.termsNotAccepted, { errorKeys: ['termsNotAccepted'] });
  });
  return accounts;
}

async function resolveCaller(
  req: FastifyRequest,
  accounts: CallerCache,
  verify: TokenVerifier,
  revocations: Revocations,
): Promise<Caller> {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('A bearer token is required.');
  let claims: JWTPayload;
  try {
    claims = await verify(token);
  } catch (error) {
    const expired = error instanceof joseErrors.JWTExpired;
    throw unauthorized(expired ? 'The access token has expired.' : 'The access token is not valid.');
  }
  // An external provider may name the account only by e-mail: then the address must be verified.
  const verifiedEmail =
    typeof claims.email === 'string' && claims.email_verified === true ? claims.email : undefined;
  const account = await accounts.get(claims.sub!, verifiedEmail);
  if (!account) throw unauthorized('The account is unknown or disabled.');
  // Sessions ended before their tokens expired (revocations.ts): signed out, reset, disabled.
  const grantId = typeof claims.gid === 'string' ? claims.gid : undefined;
  if (revocations.isRevoked(grantId) || (claims.iat ?? 0) < (account.sessionsValidAfter ?? 0))
    throw unauthorized('The session has ended.');

  const requestedProfileId = selectedProfileId(req);
  let user = account.users[0];
  if (requestedProfileId) {
    user = account.users.find((u) => u.profiles.some((p) => p.userProfileId === requestedProfileId));
    if (!user) throw forbidden('The selected user profile does not belong to the caller.');
  }
  if (!user) throw unauthorized('The account acts as no user.');
  if (user.isApiUser) {
    // Such users belong to the leasing API, not the portal; the flags let the client explain it.
    throw forbidden(FORBIDDEN.apiUser, {
      isApiUser: true,
      hasTermsOfUseAccepted: user.termsOfUseAccepted,
      hasTermsAndConditionsAccepted: user.termsAndConditionsAccepted,
    });
  }
  const { profiles, ...userRow } = user;
  const profile =
    profiles.find((p) => p.userProfileId === requestedProfileId) ??
    profiles.find((p) => p.isDefault) ??
    profiles[0] ??
    null;
  return {
    accountId: account.accountId,
    user: userRow,
    profiles,
    profile,
    session: { expiresAt: claims.exp! * 1000, grantId },
  };
}

/** The header, or the spec's query parameter (`userprofileId` or `userProfileId`); both must agree. */
function selectedProfileId(req: FastifyRequest): string | undefined {
  const header = req.headers[HEADERS.userProfileId.toLowerCase()];
  const query = req.query as Record<string, unknown> | undefined;
  const fromQuery = query?.userprofileId ?? query?.userProfileId;
  const fromHeader = typeof header === 'string' && header ? header : undefined;
  const inQuery = typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
  if (fromHeader && inQuery && fromHeader !== inQuery) {
    throw validation(
      [{ name: 'userProfileId', reason: 'userProfileIdMismatch' }],
      'The user profile ids of header and query differ.',
    );
  }
  return fromHeader ?? inQuery;
}
