import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_HAS_WORK_DETAIL } from '../../../domain/users';
import { findSignInAccount } from '../../identity/accounts';
import { withSecret } from '../../integrations/mail/outbox';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, userIdOf, type TestApp } from '../../test/harness';

const SE = '752-10001';

describe.each(DB_KINDS)('user administration (%s)', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    auth = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
  });
  afterAll(() => t.close());

  const newUser = (over: Record<string, unknown> = {}) => ({
    firstName: 'Lars',
    lastName: 'Nyström',
    title: '',
    telephone: { countryCode: '', number: '70 123 45 67' },
    eMail: 'lars.nystrom@nordic-office.example',
    status: 'active',
    isAdmin: false,
    hasGlobalAccess: false,
    isExcelDownloadPermitted: false,
    isMoveCalculationsPermitted: false,
    defaultParentProfileId: 'SE-NOS',
    parentProfiles: [
      { id: 'SE-NOS', active: true },
      { id: 'SE-NML', active: false },
    ],
    ...over,
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, payload: payload as object });
  const keyOf = (res: { json(): { 'invalid-params'?: { reason: string }[] } }) =>
    res.json()['invalid-params']?.map((p) => p.reason);

  it('creates a user with two profiles, the first default, and mails an invitation in the partner language', async () => {
    const res = await call('POST', '/api/users', newUser());
    expect(res.statusCode).toBe(201);
    const user = res.json().properties;
    expect(user).toMatchObject({
      firstName: 'Lars',
      eMail: 'lars.nystrom@nordic-office.example',
      telephone: { countryCode: '+0', number: '70 123 45 67' },
    });
    expect(
      user.profiles.map((p: { name: string; isDefault: boolean; status: string }) => [
        p.name,
        p.isDefault,
        p.status,
      ]),
    ).toEqual([
      ['Nordic Office Solutions', true, 'active'],
      ['Nordic Medical Leasing', false, 'readOnly'],
    ]);
    const [mail] = await t.db.query<{ subject: string; body_text: string; secret: string }>(
      'select subject, body_text, secret from mails where recipient = $1',
      ['lars.nystrom@nordic-office.example'],
    );
    expect(mail?.subject).toBe('Din åtkomst till Partnerportalen');
    // The stored text holds no secret; it is put in when the mail is sent.
    expect(mail?.body_text).not.toContain(mail!.secret);
    expect(withSecret(mail!.body_text, mail!.secret)).toMatch(
      /http:\/\/portal\.test\/sign-in\/password\/[\w-]{40,}/,
    );
  });

  it('lets the invited user choose a password through the link, once, and then sign in', async () => {
    const [mail] = await t.db.query<{ body_text: string; secret: string }>(
      'select body_text, secret from mails where recipient = $1',
      ['lars.nystrom@nordic-office.example'],
    );
    const path = new URL(withSecret(mail!.body_text, mail!.secret).match(/http\S+/)![0]).pathname;
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    const form = (password: string, repeat = password) => ({
      method: 'POST' as const,
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password, repeat }).toString(),
    });
    expect((await t.app.inject(form('short'))).statusCode).toBe(400);
    expect((await t.app.inject(form('long-enough-1', 'long-enough-2'))).statusCode).toBe(400);
    expect((await t.app.inject(form('Fjällräven-2026'))).statusCode).toBe(200);
    expect((await t.app.inject(form('Fjällräven-2027'))).statusCode).toBe(410);
    expect(await findSignInAccount(t.db, { email: 'lars.nystrom@nordic-office.example' })).toBeDefined();
  });

  it('lists the partner users sorted by last name, ascending by default and descending on request', async () => {
    const names = async (q: string) =>
      (await call('GET', `/api/users${q}`))
        .json()
        .entities.map((e: { properties: { lastName: string } }) => e.properties.lastName);
    const asc = await names('');
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b)));
    expect(asc).toContain('Nyström');
    expect(asc).not.toContain('Weber');
    expect(await names('?sortBy=lastName&orderDesc=true')).toEqual([...asc].reverse());
  });

  it('answers the named user errors', async () => {
    expect(keyOf(await call('POST', '/api/users', newUser()))).toEqual(['userAlreadyExists']);
    expect(keyOf(await call('POST', '/api/users', newUser({ eMail: DEMO.lukas })))).toEqual([
      'userBelongsToAnotherPartner',
    ]);
    expect(
      keyOf(
        await call(
          'POST',
          '/api/users',
          newUser({
            eMail: 'x1@nordic-office.example',
            parentProfiles: [{ id: 'DE-RBT', active: true }],
            defaultParentProfileId: 'DE-RBT',
          }),
        ),
      ),
    ).toEqual(['profileMissing']);
    expect(
      keyOf(
        await call(
          'POST',
          '/api/users',
          newUser({ eMail: 'x2@nordic-office.example', defaultParentProfileId: 'SE-XXX' }),
        ),
      ),
    ).toEqual(['noDefaultProfile']);
    expect(
      keyOf(
        await call(
          'POST',
          '/api/users',
          newUser({
            eMail: 'x3@nordic-office.example',
            parentProfiles: [
              { id: 'SE-NOS', active: true },
              { id: 'SE-NOS', active: true },
            ],
          }),
        ),
      ),
    ).toEqual(['duplicateProfile']);
    expect(
      keyOf(
        await call('POST', '/api/users', newUser({ eMail: 'x4@nordic-office.example', parentProfiles: [] })),
      ),
    ).toContain('profileMissing');
    expect(
      keyOf(await call('POST', '/api/users', newUser({ eMail: 'not-an-email', firstName: ' ' }))),
    ).toEqual(['required', 'invalidEmail']);
  });

  it('keeps at least one admin', async () => {
    const anna = await userIdOf(t.db, DEMO.anna, SE);
    const user = (await call('GET', `/api/users/${anna}`)).json().properties;
    const res = await call('PUT', `/api/users/${anna}`, {
      ...newUser({ firstName: user.firstName, lastName: user.lastName, eMail: user.eMail, isAdmin: false }),
    });
    expect(keyOf(res)).toEqual(['lastAdmin']);
  });

  it('moves calculations only with the permission to move: an admin any user’s, anybody else their own', async () => {
    const maja = await userIdOf(t.db, DEMO.maja, SE);
    const majaProfile = await profileIdOf(t.db, DEMO.maja, 'SE-NOS');
    const erikProfile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
    const body = { originUserProfileId: majaProfile, destinationUserProfileId: erikProfile };
    const allow = async (email: string, permitted: boolean) => {
      const [row] = await t.db.query<{ id: string }>(
        `update users u set can_move_calculations = $2 from accounts a
          where a.id = u.account_id and a.email = $1 returning a.id`,
        [email, permitted],
      );
      await t.db.query(`select pg_notify('caller_changed', $1)`, [row!.id]);
      await new Promise((r) => setTimeout(r, 100));
    };
    const majaToken = { authorization: `Bearer ${await t.token(DEMO.maja)}` };
    const move = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/users/${maja}/moveCalculations`, headers, payload: body });

    // Anna is an admin: without the permission she neither moves nor is offered to.
    await allow(DEMO.anna, false);
    expect((await move(auth)).statusCode).toBe(403);
    const offered = (await call('GET', `/api/users/${maja}`))
      .json()
      .actions.map((a: { name: string }) => a.name);
    expect(offered).not.toContain('move-calculations');
    await allow(DEMO.anna, true);

    // Maja, no admin: only with the permission, and only her own.
    expect((await move(majaToken)).statusCode).toBe(403);
    await allow(DEMO.maja, true);
    const erik = await userIdOf(t.db, DEMO.erik, SE);
    const notHers = await t.app.inject({
      method: 'POST',
      url: `/api/users/${erik}/moveCalculations`,
      headers: majaToken,
      payload: { originUserProfileId: erikProfile, destinationUserProfileId: majaProfile },
    });
    expect(notHers.statusCode).toBe(403);
    // Past the permission, her own move is judged on its merits (here: a target that is no other profile).
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/users/${maja}/moveCalculations`,
      headers: majaToken,
      payload: { originUserProfileId: majaProfile, destinationUserProfileId: majaProfile },
    });
    expect(keyOf(own)).toEqual(['invalidMoveTarget']);
    await allow(DEMO.maja, false);
  });

  it('refuses to delete a user who owns calculations or contracts until they are moved', async () => {
    const maja = await userIdOf(t.db, DEMO.maja, SE);
    const refused = await call('DELETE', `/api/users/${maja}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ type: '/problems/error-keys', detail: USER_HAS_WORK_DETAIL });

    const detail = (await call('GET', `/api/users/${maja}`)).json();
    const profile = detail.properties.profiles[0];
    expect(profile).toMatchObject({ calculationCount: 3, contractCount: 1 });
    const erikProfile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
    expect(profile.moveTargets.map((m: { userProfileId: string }) => m.userProfileId)).toContain(erikProfile);
    const move = detail.actions.find((a: { name: string }) => a.name === 'move-calculations');
    const wrongTarget = await call('POST', move.href, {
      originUserProfileId: profile.userProfileId,
      destinationUserProfileId: profile.userProfileId,
    });
    expect(keyOf(wrongTarget)).toEqual(['invalidMoveTarget']);
    const moved = await call('POST', move.href, {
      originUserProfileId: profile.userProfileId,
      destinationUserProfileId: erikProfile,
    });
    expect(moved.json()).toEqual({ movedCalculations: 3, movedContracts: 1 });

    const [session] = await t.db.query<{ id: string }>('select id from accounts where email = $1', [
      DEMO.maja,
    ]);
    await t.db.query(`insert into oidc_payloads (type, id, payload) values ('Session', 'maja-session', $1)`, [
      JSON.stringify({ accountId: session!.id }),
    ]);
    expect((await call('DELETE', `/api/users/${maja}`)).statusCode).toBe(204);
    expect(await findSignInAccount(t.db, { email: DEMO.maja })).toBeUndefined();
    expect(await t.db.query(`select 1 from oidc_payloads where id = 'maja-session'`)).toEqual([]);
    expect((await call('GET', `/api/users/${maja}`)).statusCode).toBe(404);
  });

  it('re-creates a deleted user only when told to', async () => {
    const again = newUser({ eMail: DEMO.maja, firstName: 'Maja', lastName: 'Holm' });
    expect(keyOf(await call('POST', '/api/users', again))).toEqual(['userDeleted']);
    expect((await call('POST', '/api/users', { ...again, forceUpdate: true })).statusCode).toBe(201);
  });

  it('a disabled user can no longer call the API nor sign in', async () => {
    const token = await t.token(DEMO.erik);
    const erik = await userIdOf(t.db, DEMO.erik, SE);
    const user = (await call('GET', `/api/users/${erik}`)).json().properties;
    const res = await call(
      'PUT',
      `/api/users/${erik}`,
      newUser({
        firstName: user.firstName,
        lastName: user.lastName,
        eMail: user.eMail,
        status: 'readOnly',
        parentProfiles: [{ id: 'SE-NOS', active: true }],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          url: '/api/userprofiles/myprofiles',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(await findSignInAccount(t.db, { email: DEMO.erik })).toBeUndefined();
    const reset = await call('PUT', `/api/users/${erik}/resetPassword`);
    expect(reset.statusCode).toBe(400);
    expect(reset.json()['invalid-params'][0].name).toBe('errormsg');
  });

  it('mails a reset link to an active user', async () => {
    const sofia = await userIdOf(t.db, DEMO.sofia, SE);
    expect((await call('PUT', `/api/users/${sofia}/resetPassword`)).statusCode).toBe(204);
    const mails = await t.db.query<{ subject: string }>('select subject from mails where recipient = $1', [
      DEMO.sofia,
    ]);
    expect(mails.map((m) => m.subject)).toEqual(['Nytt lösenord till Partnerportalen']);
  });

  it('offers no user creation while invitation is unavailable (maintenance)', async () => {
    const closed = await startTestApp(kind, { userInvitationAvailable: false });
    try {
      const headers = { authorization: `Bearer ${await closed.token(DEMO.anna)}` };
      const listed = (await closed.app.inject({ url: '/api/users', headers })).json();
      expect(listed.properties.isUserInvitationAvailable).toBe(false);
      expect(listed.actions).toEqual([]);
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/users',
        headers,
        payload: newUser({ eMail: 'late@nordic-office.example' }),
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await closed.close();
    }
  });

  it("does not let one partner's admin change the login of a person who also works for another partner", async () => {
    const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    const annaAtRheinland = await userIdOf(t.db, DEMO.anna, '276-20001');
    const user = (await t.app.inject({ url: `/api/users/${annaAtRheinland}`, headers: lukas })).json()
      .properties;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${annaAtRheinland}`,
      headers: lukas,
      payload: newUser({
        firstName: user.firstName,
        lastName: user.lastName,
        eMail: 'attacker@rheinland-buero.example',
        defaultParentProfileId: 'DE-RBT',
        parentProfiles: [{ id: 'DE-RBT', active: true }],
      }),
    });
    expect(res.json()['invalid-params']).toEqual([{ name: 'eMail', reason: 'userBelongsToAnotherPartner' }]);
  });
});
