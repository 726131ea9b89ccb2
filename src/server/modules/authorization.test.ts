import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, userIdOf, type TestApp } from '../test/harness';
import { savedCalculation } from '../test/fixtures';

/**
 * Every endpoint of administration and session for every kind of caller: each gets exactly
 * the answer the rules give. Callers run from least to most privileged, so that the one write
 * that succeeds comes last.
 */
type Caller = 'none' | 'apiOnly' | 'nonAdmin' | 'readOnlyAdmin' | 'otherPartnerAdmin' | 'admin';
const CALLERS: Caller[] = ['none', 'apiOnly', 'nonAdmin', 'readOnlyAdmin', 'otherPartnerAdmin', 'admin'];

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

describe.each(DB_KINDS)('authorization matrix (%s)', (kind) => {
  let t: TestApp;
  const headers = {} as Record<Caller, Record<string, string>>;
  const ids = {} as Record<
    'erik' | 'sofia' | 'maja' | 'majaProfile' | 'erikProfile' | 'variant' | 'link' | 'token',
    string
  >;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const readOnlyProfile = await profileIdOf(t.db, DEMO.anna, 'SE-NML');
    await t.db.query(`update user_profiles set status = 'readOnly' where id = $1`, [readOnlyProfile]);
    headers.none = {};
    headers.apiOnly = { authorization: `Bearer ${await t.token(DEMO.api)}` };
    headers.nonAdmin = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    headers.readOnlyAdmin = {
      authorization: `Bearer ${await t.token(DEMO.anna)}`,
      'x-user-profile-id': readOnlyProfile,
    };
    headers.otherPartnerAdmin = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    headers.admin = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    ids.erik = await userIdOf(t.db, DEMO.erik, '752-10001');
    ids.sofia = await userIdOf(t.db, DEMO.sofia, '752-10001');
    ids.maja = await userIdOf(t.db, DEMO.maja, '752-10001');
    ids.majaProfile = await profileIdOf(t.db, DEMO.maja, 'SE-NOS');
    ids.erikProfile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
    // Erik's calculation and a link to its offer page, for the customer offer page's routes.
    ids.variant = (await savedCalculation(t, headers.nonAdmin, 'Matrisen AB')).href;
    const link = await t.app.inject({
      method: 'POST',
      url: `${ids.variant}/offer-links`,
      headers: headers.nonAdmin,
      payload: { email: 'matris@kund.example', periods: [36] },
    });
    ids.link = link.json().properties.offerLinkId;
    const [mail] = await t.db.query<{ secret: string }>(
      `select secret from mails where recipient = 'matris@kund.example'`,
    );
    ids.token = mail!.secret;
  });
  afterAll(() => t.close());

  const userBody = (email: string) => ({
    firstName: 'Test',
    lastName: 'User',
    eMail: email,
    status: 'active',
    isAdmin: false,
    hasGlobalAccess: false,
    isExcelDownloadPermitted: false,
    isMoveCalculationsPermitted: false,
    defaultParentProfileId: 'SE-NOS',
    parentProfiles: [{ id: 'SE-NOS', active: true }],
  });

  // The answer per caller: none, apiOnly, nonAdmin, readOnlyAdmin, otherPartnerAdmin, admin.
  const matrix: {
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: () => string;
    body?: (c: Caller) => unknown;
    expect: number[];
  }[] = [
    {
      name: 'GET userprofiles/myprofiles',
      method: 'GET',
      url: () => '/api/userprofiles/myprofiles',
      expect: [401, 403, 200, 200, 200, 200],
    },
    {
      name: 'GET user/myUsers',
      method: 'GET',
      url: () => '/api/user/myUsers',
      expect: [401, 403, 200, 200, 200, 200],
    },
    {
      name: 'POST user/accepttermsofuse',
      method: 'POST',
      url: () => '/api/user/accepttermsofuse',
      expect: [401, 403, 204, 204, 204, 204],
    },
    {
      name: 'POST user/acceptall',
      method: 'POST',
      url: () => '/api/user/acceptall',
      expect: [401, 403, 204, 204, 204, 204],
    },
    { name: 'GET partner', method: 'GET', url: () => '/api/partner', expect: [401, 403, 403, 200, 200, 200] },
    {
      name: 'GET users',
      method: 'GET',
      url: () => '/api/users?sortBy=lastName&orderDesc=false',
      expect: [401, 403, 403, 200, 200, 200],
    },
    {
      name: 'GET users/{id}',
      method: 'GET',
      url: () => `/api/users/${ids.erik}`,
      expect: [401, 403, 403, 200, 404, 200],
    },
    // The other partner's admin names his own partner's brands? No: SE brands are not his, so the brand is missing.
    {
      name: 'POST users',
      method: 'POST',
      url: () => '/api/users',
      body: (c) => userBody(`new.${c}@nordic-office.example`),
      expect: [401, 403, 403, 403, 400, 201],
    },
    {
      name: 'PUT users/{id}',
      method: 'PUT',
      url: () => `/api/users/${ids.erik}`,
      body: () => ({ ...userBody(DEMO.erik), firstName: 'Erik', lastName: 'Berg' }),
      expect: [401, 403, 403, 403, 404, 200],
    },
    {
      name: 'PUT users/{id}/resetPassword',
      method: 'PUT',
      // Sofia's, not Erik's: a reset ends the sessions (and tokens) of its user.
      url: () => `/api/users/${ids.sofia}/resetPassword`,
      expect: [401, 403, 403, 403, 404, 204],
    },
    {
      name: 'POST users/{id}/moveCalculations',
      method: 'POST',
      url: () => `/api/users/${ids.maja}/moveCalculations`,
      body: () => ({ originUserProfileId: ids.majaProfile, destinationUserProfileId: ids.erikProfile }),
      expect: [401, 403, 403, 403, 404, 200],
    },
    {
      name: 'DELETE users/{id}',
      method: 'DELETE',
      url: () => `/api/users/${ids.sofia}`,
      expect: [401, 403, 403, 403, 404, 204],
    },
    {
      name: 'GET partner/logo (none yet)',
      method: 'GET',
      url: () => '/api/partner/logo',
      expect: [401, 403, 403, 404, 404, 404],
    },
    {
      name: 'PUT partner/logo',
      method: 'PUT',
      url: () => '/api/partner/logo',
      body: () => ({ name: 'logo.jpg', content: jpeg.toString('base64') }),
      expect: [401, 403, 403, 403, 200, 200],
    },
    {
      name: 'DELETE partner/logo',
      method: 'DELETE',
      url: () => '/api/partner/logo',
      expect: [401, 403, 403, 403, 204, 204],
    },
    // The customer offer page: the salesperson's calls in the scope of the calculation, the
    // customer's with the token alone (a portal token changes nothing).
    {
      name: 'GET …/offer-links',
      method: 'GET',
      url: () => `${ids.variant}/offer-links`,
      expect: [401, 403, 200, 404, 404, 200],
    },
    {
      name: 'GET public/offers/{token}',
      method: 'GET',
      url: () => `/api/public/offers/${ids.token}`,
      expect: [200, 200, 200, 200, 200, 200],
    },
    {
      name: 'POST …/offer-links/{id}/withdraw',
      method: 'POST',
      url: () => `${ids.variant}/offer-links/${ids.link}/withdraw`,
      // A read-only profile writes nothing, whatever the object (403 before it is looked up).
      expect: [401, 403, 200, 403, 404, 200],
    },
    {
      name: 'POST …/offer-links',
      method: 'POST',
      url: () => `${ids.variant}/offer-links`,
      body: () => ({ email: 'matris@kund.example', periods: [36] }),
      expect: [401, 403, 201, 403, 404, 201],
    },
    {
      name: 'POST logging/ui',
      method: 'POST',
      url: () => '/api/logging/ui?correlationId=goPartner_matrix01',
      body: () => 'an error',
      expect: [401, 403, 204, 204, 204, 204],
    },
  ];

  it.each(matrix)('$name', async ({ method, url, body, expect: expected }) => {
    const answers: number[] = [];
    for (const caller of CALLERS) {
      const payload = body?.(caller);
      const res = await t.app.inject({
        method,
        url: url(),
        headers: {
          ...headers[caller],
          ...(typeof payload === 'string' ? { 'content-type': 'text/plain' } : {}),
        },
        payload: payload as string | object | undefined,
      });
      answers.push(res.statusCode);
      if (res.statusCode >= 400)
        expect(res.headers['content-type'], `${caller}`).toContain('application/problem+json');
    }
    expect(Object.fromEntries(CALLERS.map((c, i) => [c, answers[i]]))).toEqual(
      Object.fromEntries(CALLERS.map((c, i) => [c, expected[i]])),
    );
  });

  it('tells an API-only user why the profile is refused', async () => {
    const res = await t.app.inject({ url: '/api/userprofiles/myprofiles', headers: headers.apiOnly });
    expect(res.json()).toMatchObject({
      status: 403,
      isApiUser: true,
      detail: 'This user is only for Leasing API usage.',
    });
  });
});
