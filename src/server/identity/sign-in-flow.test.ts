import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/world';
import { DEMO, startTestApp, TEST_URL, type TestApp } from '../test/harness';

/** The whole authorization-code flow with PKCE against the embedded provider, as the PWA runs it. */
describe('sign-in through the embedded identity provider', () => {
  let t: TestApp;
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies as { name: string; value: string }[]) jar.set(c.name, c.value);
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  async function startAuthorization(): Promise<string> {
    const query = new URLSearchParams({
      client_id: 'partner-portal',
      redirect_uri: `${TEST_URL}/auth/callback`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-1',
      ui_locales: 'de-DE',
    });
    const res = keep(await t.app.inject({ url: `/oidc/auth?${query}` }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/sign-in\//);
    return res.headers.location as string;
  }

  it('refuses a wrong password with the spec message, in the requested language', async () => {
    const signIn = await startAuthorization();
    const page = await t.app.inject({ url: signIn, headers: { cookie: cookie() } });
    expect(page.body).toContain('Anmelden');
    const res = await t.app.inject({
      method: 'POST',
      url: signIn,
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: DEMO.anna, password: 'wrong' }).toString(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('E-Mail oder Passwort ungültig. Bitte versuchen Sie es erneut');
  });

  it('issues a JWT access token for the API, which the API accepts, and renews it with the refresh token', async () => {
    const signIn = await startAuthorization();
    await t.app.inject({ url: signIn, headers: { cookie: cookie() } });
    const done = keep(
      await t.app.inject({
        method: 'POST',
        url: signIn,
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: DEMO.anna.toUpperCase(), password: DEMO_PASSWORD }).toString(),
      }),
    );
    expect(done.statusCode).toBe(303);
    const resumed = keep(
      await t.app.inject({ url: done.headers.location as string, headers: { cookie: cookie() } }),
    );
    const callback = new URL(resumed.headers.location as string);
    expect(callback.origin + callback.pathname).toBe(`${TEST_URL}/auth/callback`);
    expect(callback.searchParams.get('state')).toBe('state-1');

    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${TEST_URL}/auth/callback`,
        client_id: 'partner-portal',
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    const tokens = token.json();
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: t.config.oidc.audience,
      iss: t.config.oidc.issuer,
    });
    expect(tokens.refresh_token).toBeTruthy();

    const profile = await t.app.inject({
      url: '/api/userprofiles/myprofiles',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().properties.firstName).toBe('Anna');

    const renewed = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: 'partner-portal',
      }).toString(),
    });
    expect(renewed.statusCode).toBe(200);
    expect(decodeJwt(renewed.json().access_token).aud).toBe(t.config.oidc.audience);
  });

  it('records the sign-in, so the start screen can show the previous one', async () => {
    const [row] = await t.db.query<{ last: Date | null }>(
      'select last_sign_in_at as last from accounts where email = $1',
      [DEMO.anna],
    );
    expect(row?.last).toBeInstanceOf(Date);
  });

  it('sends a sign-in page whose interaction is gone back to the start, not to an error', async () => {
    const res = await t.app.inject({ url: '/sign-in/no-such-interaction' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});
