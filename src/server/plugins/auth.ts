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
import {
  findActiveAccountId,
  findProfilesOfUser,
  findUserIdByProfile,
  findUsersOfAccount,
  type ProfileRow,
  type UserRow,
} from '../modules/session/repo';
import { FORBIDDEN } from '../modules/session/policy';

/** Who is calling: the account from the token, the user it acts as and the selected profile. */
export interface Caller {
  accountId: string;
  user: UserRow;
  profiles: ProfileRow[];
  /** The selected user profile (brand); null for a user without any profile. */
  profile: ProfileRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a token (configuration, health). */
    public?: boolean;
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
  let keys: ReturnType<typeof createLocalJWKSet> | Promise<ReturnType<typeof createRemoteJWKSet>>;
  if (embeddedKey) keys = createLocalJWKSet({ keys: [embeddedKey] });
  else {
    keys = fetch(`${issuer}/.well-known/openid-configuration`)
      .then((r) => r.json() as Promise<{ jwks_uri: string }>)
      .then((d) => createRemoteJWKSet(new URL(d.jwks_uri)));
  }
  return async (token) => {
    const { payload } = await jwtVerify(token, await keys, {
      issuer,
      audience,
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  };
}

export function registerAuth(app: FastifyInstance, db: Db, verify: TokenVerifier): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.public) return;
    req.caller = await resolveCaller(req, db, verify);
  });
}

async function resolveCaller(req: FastifyRequest, db: Db, verify: TokenVerifier): Promise<Caller> {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('A bearer token is required.');
  let claims: JWTPayload;
  try {
    claims = await verify(token);
  } catch (error) {
    const expired = error instanceof joseErrors.JWTExpired;
    throw unauthorized(expired ? 'The access token has expired.' : 'The access token is not valid.');
  }
  const accountId = await findActiveAccountId(
    db,
    claims.sub!,
    typeof claims.email === 'string' ? claims.email : undefined,
  );
  if (!accountId) throw unauthorized('The account is unknown or disabled.');

  const requestedProfileId = selectedProfileId(req);
  const users = await findUsersOfAccount(db, accountId);
  let user = users[0];
  if (requestedProfileId) {
    const userId = await findUserIdByProfile(db, accountId, requestedProfileId);
    if (!userId) throw forbidden('The selected user profile does not belong to the caller.');
    user = users.find((u) => u.id === userId);
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
  const profiles = await findProfilesOfUser(db, user.id);
  const profile =
    profiles.find((p) => p.userProfileId === requestedProfileId) ??
    profiles.find((p) => p.isDefault) ??
    profiles[0] ??
    null;
  return { accountId, user, profiles, profile };
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
