import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerChanged } from './caller-cache';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../test/harness';

describe.each(DB_KINDS)('who may call the API (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const profile = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: '/api/userprofiles/myprofiles',
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('answers the profile of the default user and brand to a valid token', async () => {
    const res = await profile(await t.token(DEMO.anna));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.properties).toMatchObject({
      firstName: 'Anna',
      lastName: 'Lind',
      businessPartnerId: '752-10001',
      isAdmin: true,
    });
    expect(body.properties.availableBrands.map((b: { name: string }) => b.name)).toEqual([
      'Nordic Office Solutions',
      'Nordic Medical Leasing',
    ]);
  });

  it('refuses a request without a token with a problem and the correlation id', async () => {
    const res = await t.app.inject({
      url: '/api/userprofiles/myprofiles',
      headers: { 'correlation-id': 'goPartner_abc12345' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['correlation-id']).toBe('goPartner_abc12345');
    expect(res.json()).toMatchObject({
      type: '/problems/unauthorized',
      status: 401,
      correlationId: 'goPartner_abc12345',
    });
  });

  it('refuses a forged token (signed with another key)', async () => {
    const res = await profile(await t.token(DEMO.anna, { key: 'foreign' }));
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('The access token is not valid.');
  });

  it('refuses an expired token', async () => {
    const res = await profile(await t.token(DEMO.anna, { expiresIn: Math.floor(Date.now() / 1000) - 60 }));
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('The access token has expired.');
  });

  it('refuses a token for another audience or from another issuer', async () => {
    const otherAudience = await profile(
      await t.token(DEMO.anna, { claims: { aud: 'https://other.example/api' } }),
    );
    const otherIssuer = await profile(
      await t.token(DEMO.anna, { claims: { iss: 'https://evil.example/oidc' } }),
    );
    expect(otherAudience.statusCode).toBe(401);
    expect(otherIssuer.statusCode).toBe(401);
  });

  it('refuses an unsigned token', async () => {
    const good = await t.token(DEMO.anna);
    const [, payload] = good.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect((await profile(unsigned)).statusCode).toBe(401);
  });

  it("refuses a user profile id that belongs to someone else, and answers the caller's own", async () => {
    const [lukasProfile] = await t.db.query<{ id: string }>(
      `select up.id from user_profiles up join users u on u.id = up.user_id join accounts a on a.id = u.account_id
        where a.email = $1`,
      [DEMO.lukas],
    );
    const foreign = await profile(await t.token(DEMO.anna), { 'x-user-profile-id': lukasProfile!.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ type: '/problems/forbidden' });

    const own = await profile(await t.token(DEMO.lukas), { 'x-user-profile-id': lukasProfile!.id });
    expect(own.statusCode).toBe(200);
    expect(own.json().properties.selectedUserProfileId).toBe(lukasProfile!.id);
  });

  it('refuses a profile id in the query that differs from the header', async () => {
    const token = await t.token(DEMO.anna);
    const res = await t.app.inject({
      url: '/api/userprofiles/myprofiles?userprofileId=00000000-0000-0000-0000-000000000000',
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-profile-id': '11111111-1111-1111-1111-111111111111',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()['invalid-params']).toEqual([
      { name: 'userProfileId', reason: 'userProfileIdMismatch' },
    ]);
  });

  it('refuses the token of a disabled account', async () => {
    const token = await t.token(DEMO.erik);
    await t.db.query('update accounts set disabled_at = now() where email = $1', [DEMO.erik]);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('authenticates by the route, whatever the spelling of the address', async () => {
    expect((await t.app.inject({ url: '/%61pi/userprofiles/myprofiles' })).statusCode).toBe(401);
  });

  it('lets a user who is not activated see who they are, and nothing else', async () => {
    const [account] = await t.db.query<{ id: string }>('select id from accounts where email = $1', [
      DEMO.jonas,
    ]);
    await t.db.query('update users set is_activated = false where account_id = $1', [account!.id]);
    await callerChanged(t.db, account!.id);
    const headers = { authorization: `Bearer ${await t.token(DEMO.jonas)}` };
    // The notice reaches the server's cache asynchronously (on PostgreSQL, by LISTEN).
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/calculationView', headers })).statusCode)
      .toBe(403);
    expect((await t.app.inject({ url: '/api/userprofiles/myprofiles', headers })).statusCode).toBe(200);
    const refused = await t.app.inject({ url: '/api/calculationView', headers });
    expect(refused.json().detail).toBe('The user is not activated yet.');
  });
});
