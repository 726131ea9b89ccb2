import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { findSignInAccount } from './accounts';
import { pgAdapterFactory } from './adapter';
import type { IdentitySecrets } from './keys';
import { errorPage, logoutPage } from './pages';
import type { Revocations } from '../plugins/revocations';

/** Where the provider sends the browser to sign in; a page of ours, outside /oidc. */
export const SIGN_IN_PATH = '/sign-in';

/**
 * The embedded OpenID Connect provider (panva oidc-provider) under /oidc: authorization code
 * with PKCE for the one first-party public client, JWT access tokens for the API audience,
 * refresh tokens for silent renewal, sign-out back to /logout.
 */
export function createProvider(
  config: Config,
  db: Db,
  secrets: IdentitySecrets,
  revocations: Revocations,
): Provider {
  const { publicUrl, oidc } = config;
  const origins = [publicUrl, ...config.devOrigins];
  const apiScope = 'api';
  const configuration: Configuration = {
    adapter: pgAdapterFactory(db),
    clients: [
      {
        client_id: oidc.clientId,
        client_name: 'Partner portal',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((o) => `${o}/auth/callback`),
        post_logout_redirect_uris: origins.map((o) => `${o}/logout`),
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'given_name', 'family_name'] },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    async findAccount(_ctx, id) {
      const account = await findSignInAccount(db, { id });
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          name: `${account.firstName} ${account.lastName}`,
          given_name: account.firstName,
          family_name: account.lastName,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${SIGN_IN_PATH}/${interaction.uid}` },
    // The portal is the provider's only client and first-party: the user is never asked to consent.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { Grant } = ctx.oidc.provider;
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      const existing = grantId ? await Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile offline_access');
      grant.addResourceScope(oidc.audience, apiScope);
      await grant.save();
      return grant;
    },
    // Token and revocation calls come from the PWA's own origins only.
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = logoutPage(form);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => oidc.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== oidc.audience) throw new errors.InvalidTarget();
          return {
            scope: apiScope,
            audience: oidc.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: oidc.accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    extraTokenClaims: async (_ctx, token) => {
      const account =
        'accountId' in token && token.accountId
          ? await findSignInAccount(db, { id: token.accountId })
          : undefined;
      // The grant lets the API refuse the token once its session was signed out (revocations.ts).
      const grant = 'grantId' in token && token.grantId ? { gid: token.grantId } : {};
      return account ? { email: account.email, ...grant } : grant;
    },
    ttl: {
      AccessToken: oidc.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: oidc.accessTokenTtl,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 12 * 60 * 60,
      RefreshToken: 12 * 60 * 60,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
  };
  const provider = new Provider(oidc.issuer, configuration);
  provider.proxy = Boolean(config.trustProxy);
  // Signing out revokes the session's grant: its access tokens stop working at once.
  provider.on('grant.revoked', (_ctx: unknown, grantId: string) => {
    void revocations.revoke(db, grantId, oidc.accessTokenTtl).catch((error: unknown) => {
      console.error('grant revocation not kept', error);
    });
  });
  return provider;
}
