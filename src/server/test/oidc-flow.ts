import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../demo/world';
import { TEST_URL, type TestApp } from './harness';

/** A sign-in page of the embedded provider, as one browser at `ip` holds it: each call is one try. */
export async function signInForm(t: TestApp, ip: string) {
  const query = new URLSearchParams({
    client_id: t.config.oidc.clientId,
    redirect_uri: `${TEST_URL}/auth/callback`,
    response_type: 'code',
    scope: 'openid',
    code_challenge: createHash('sha256').update('verifier').digest('base64url'),
    code_challenge_method: 'S256',
  });
  const start = await t.app.inject({ url: `/oidc/auth?${query}`, remoteAddress: ip });
  const cookie = (start.cookies as { name: string; value: string }[])
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  const action = start.headers.location as string;
  return (email: string, password: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: action,
      remoteAddress: ip,
      headers: { ...extra, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    });
}

/**
 * A browser's session with the embedded identity provider, as the PWA runs it: sign-in with
 * the authorization code and PKCE, and sign-out. Each session keeps its own cookies.
 */
export async function browserSession(t: TestApp, email: string, password = DEMO_PASSWORD) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies as { name: string; value: string }[]) jar.set(c.name, c.value);
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: t.config.oidc.clientId,
    redirect_uri: `${TEST_URL}/auth/callback`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's',
  });
  const signIn = keep(await t.app.inject({ url: `/oidc/auth?${query}` })).headers.location as string;
  const done = keep(
    await t.app.inject({
      method: 'POST',
      url: signIn,
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    }),
  );
  expect(done.statusCode, done.body).toBe(303);
  const resumed = keep(
    await t.app.inject({ url: done.headers.location as string, headers: { cookie: cookie() } }),
  );
  const code = new URL(resumed.headers.location as string).searchParams.get('code')!;
  const token = await t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${TEST_URL}/auth/callback`,
      client_id: t.config.oidc.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = token.json<{ access_token: string; id_token: string; refresh_token: string }>();
  return {
    tokens,
    headers: { authorization: `Bearer ${tokens.access_token}` },
    /** RP-initiated logout, as the PWA's sign-out button does it. */
    async signOut() {
      const end = new URLSearchParams({
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: `${TEST_URL}/logout`,
      });
      const page = keep(
        await t.app.inject({ url: `/oidc/session/end?${end}`, headers: { cookie: cookie() } }),
      );
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
      expect(xsrf, page.body).toBeTruthy();
      const confirmed = keep(
        await t.app.inject({
          method: 'POST',
          url: '/oidc/session/end/confirm',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
        }),
      );
      expect(confirmed.statusCode).toBe(303);
    },
  };
}
