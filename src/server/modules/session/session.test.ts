import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerChanged } from '../../plugins/caller-cache';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('profile and user switching (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async (url: string, email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${await t.token(email)}`, ...headers } });

  it('lists every user a person acts as, each with its default profile', async () => {
    const res = await get('/api/user/myUsers', DEMO.anna);
    expect(res.statusCode).toBe(200);
    const users = res.json().entities.map((e: { properties: Record<string, string> }) => e.properties);
    expect(users.map((u: { businessPartnerName: string }) => u.businessPartnerName)).toEqual([
      'Nordic Office Solutions AB',
      'Rheinland Bürotechnik GmbH',
    ]);
    expect((await get('/api/user/myUsers', DEMO.erik)).json().properties.count).toBe(1);
  });

  it("switching to another user's default profile answers that user's partner and brands", async () => {
    const users = (await get('/api/user/myUsers', DEMO.anna)).json().entities;
    const german = users[1].properties;
    const res = await get('/api/userprofiles/myprofiles', DEMO.anna, {
      'x-user-profile-id': german.defaultUserProfileId,
    });
    expect(res.json().properties).toMatchObject({
      businessPartnerId: '276-20001',
      companyLocale: 'de-DE',
      isAdmin: false,
      selectedUserProfileId: german.defaultUserProfileId,
    });
  });

  it('marks a brand read-only when the profile on it is read-only', async () => {
    const brands = (await get('/api/userprofiles/myprofiles', DEMO.jonas)).json().properties.availableBrands;
    expect(brands).toEqual([
      expect.objectContaining({ name: 'Rheinland Bürotechnik', status: 'active', isDefault: true }),
      expect.objectContaining({ name: 'Rheinland IT-Miete', status: 'readOnly', isDefault: false }),
    ]);
  });

  it("offers the partner's languages with its default", async () => {
    const { availableLanguages } = (await get('/api/userprofiles/myprofiles', DEMO.erik)).json().properties;
    expect(availableLanguages).toEqual([
      { isoCode: 'sv-SE', isDefault: true },
      { isoCode: 'en-IE', isDefault: false },
    ]);
    // The German dealer's staff work in seven, Arabic among them.
    const german = (await get('/api/userprofiles/myprofiles', DEMO.jonas)).json().properties;
    expect(german.availableLanguages.map((l: { isoCode: string }) => l.isoCode)).toEqual([
      'de-DE',
      'en-IE',
      'es-ES',
      'nl-NL',
      'pl-PL',
      'tr-TR',
      'ar-AE',
    ]);
  });

  it('tells the client about a user who is not activated or incomplete', async () => {
    await t.db.query(
      `update users set is_activated = false, last_name = '' where account_id = (select id from accounts where email = $1)`,
      [DEMO.erik],
    );
    // A change made outside the API announces itself, as the API's own writes do.
    const [account] = await t.db.query<{ id: string }>('select id from accounts where email = $1', [
      DEMO.erik,
    ]);
    await callerChanged(t.db, account!.id);
    // The notice reaches the server's cache asynchronously (on PostgreSQL, by LISTEN), as it
    // reaches every copy: the next call may come before it.
    await expect
      .poll(async () => (await get('/api/userprofiles/myprofiles', DEMO.erik)).json().properties)
      .toMatchObject({ isActivated: false, isIncompleteUser: true });
  });
});
