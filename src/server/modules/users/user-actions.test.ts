import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionName } from '../../../domain/hypermedia';
import type { UserRefusal } from '../../../domain/user-policy';
import { savedCalculation } from '../../test/fixtures';
import { FORBIDDEN } from '../session/forbidden';
import { DEMO, profileIdOf, startTestApp, testConfig, userIdOf, type TestApp } from '../../test/harness';

/**
 * One rule per action (src/domain/user-policy.ts): for each kind of admin and each kind of user,
 * every action the user's answer offers passes the policy's check, and every one it does not
 * offer is refused with the policy's reason. An offered action gets a user of its own, since its
 * call may delete or change them.
 */
const SE = '752-10001';
const DE = '276-20001';

/** The answers that are the policy's refusals (403, or a 400 naming a UserRefusal). */
const REFUSALS: readonly string[] = [
  'readOnly',
  'cannotDeleteSelf',
  'userHasCalculationsOrContracts',
  'userDisabled',
  'externalIdentityProvider',
  'moveNotPermitted',
] satisfies UserRefusal[];

/** The 403s that are the policy's (a read-only brand, no permission to move). */
const POLICY_403: readonly string[] = [FORBIDDEN.readOnly, FORBIDDEN.moveNotPermitted];

interface Detail {
  properties: {
    userId: string;
    firstName: string;
    lastName: string;
    title: string;
    telephone: unknown;
    eMail: string;
    status: string;
    isAdmin: boolean;
    hasGlobalAccess: boolean;
    isExcelDownloadPermitted: boolean;
    isMoveCalculationsPermitted: boolean;
    profiles: {
      userProfileId: string;
      parentProfileId: string;
      status: string;
      isDefault: boolean;
      calculationCount: number;
      contractCount: number;
      moveTargets: { userProfileId: string }[];
    }[];
  };
  actions: { name: ActionName; href: string }[];
}

type Call = (d: Detail) => { method: 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object };

/** Each action of a user, called as the admin pages call it. */
const CALLS: Partial<Record<ActionName, Call>> = {
  'update-user': ({ properties: p }) => ({
    method: 'PUT',
    url: `/api/users/${p.userId}`,
    payload: {
      firstName: p.firstName,
      lastName: p.lastName,
      title: p.title,
      telephone: p.telephone,
      eMail: p.eMail,
      status: p.status,
      isAdmin: p.isAdmin,
      hasGlobalAccess: p.hasGlobalAccess,
      isExcelDownloadPermitted: p.isExcelDownloadPermitted,
      isMoveCalculationsPermitted: p.isMoveCalculationsPermitted,
      defaultParentProfileId: p.profiles.find((x) => x.isDefault)?.parentProfileId,
      parentProfiles: p.profiles.map((x) => ({ id: x.parentProfileId, active: x.status === 'active' })),
    },
  }),
  'delete-user': ({ properties: p }) => ({ method: 'DELETE', url: `/api/users/${p.userId}` }),
  'reset-password': ({ properties: p }) => ({ method: 'PUT', url: `/api/users/${p.userId}/resetPassword` }),
  'move-calculations': ({ properties: p }) => {
    const from = p.profiles.find((x) => x.moveTargets.length > 0) ?? p.profiles[0]!;
    return {
      method: 'POST',
      url: `/api/users/${p.userId}/moveCalculations`,
      payload: {
        originUserProfileId: from.userProfileId,
        destinationUserProfileId: from.moveTargets[0]?.userProfileId ?? from.userProfileId,
      },
    };
  },
};

describe('a user offers an action exactly where its call passes the policy (pglite)', () => {
  let t: TestApp;
  /** Each admin: who signs in, with which profile. */
  const admins: Record<string, { email: string; profileId?: string }> = {};
  /**
   * A fresh sign-in per call: resetting one's own password ends one's sessions (docs/api.md), and
   * the walk resets the admin's own. Each user created here gets an invitation mail.
   */
  const headersOf = async (admin: string) => {
    const { email, profileId } = admins[admin]!;
    const token = await t.token(email, { issuedAt: Math.ceil(Date.now() / 1000) + 1 });
    return { authorization: `Bearer ${token}`, ...(profileId ? { 'x-user-profile-id': profileId } : {}) };
  };
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      rateLimits: { ...testConfig().rateLimits, passwordMails: 1_000 },
    });
    // Lukas, on Rheinland's read-only brand, administers without writing; without the
    // permission to move on the other. Set before his first call: nothing is cached yet.
    const lukasRit = await profileIdOf(t.db, DEMO.lukas, 'DE-RIT');
    await t.db.query(`update user_profiles set status = 'readOnly' where id = $1`, [lukasRit]);
    await t.db.query(`update users set can_move_calculations = false where id = $1`, [
      await userIdOf(t.db, DEMO.lukas, DE),
    ]);
    admins.mover = { email: DEMO.anna };
    admins.noMover = { email: DEMO.lukas, profileId: await profileIdOf(t.db, DEMO.lukas, 'DE-RBT') };
    admins.readOnly = { email: DEMO.lukas, profileId: lukasRit };
  });
  afterAll(() => t.close());

  let count = 0;
  /** A user of the admin's partner, as the case asks: new, disabled, owning work, or the admin. */
  async function userFor(admin: string, kind: string): Promise<Detail> {
    const partner =
      admin === 'mover'
        ? { id: SE, brand: 'SE-NOS', self: DEMO.anna }
        : { id: DE, brand: 'DE-RBT', self: DEMO.lukas };
    let userId: string;
    if (kind === 'self') userId = await userIdOf(t.db, partner.self, partner.id);
    else {
      const email = `walk.${++count}@${admin === 'mover' ? 'nordic-office' : 'rheinland-buero'}.example`;
      // Created by Anna or Lukas's writable profile, whichever partner the case is at.
      const creator = await headersOf(admin === 'mover' ? 'mover' : 'noMover');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: creator,
        payload: {
          firstName: 'Walk',
          lastName: `Case ${count}`,
          eMail: email,
          status: kind === 'disabled' ? 'readOnly' : 'active',
          isAdmin: false,
          hasGlobalAccess: false,
          isExcelDownloadPermitted: false,
          isMoveCalculationsPermitted: false,
          defaultParentProfileId: partner.brand,
          parentProfiles: [{ id: partner.brand, active: true }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      userId = created.json<Detail>().properties.userId;
      if (kind === 'owner') {
        // A calculation of their own.
        const set = await savedCalculation(
          t,
          creator,
          `Walk ${count} AB`,
          9_000,
          admin === 'mover' ? 'SE' : 'DE',
        );
        await t.db.query('update calculation_sets set user_profile_id = $1 where id = $2', [
          await profileIdOf(t.db, email, partner.brand),
          set.calculationSetId,
        ]);
      }
    }
    const answer = await t.app.inject({ url: `/api/users/${userId}`, headers: await headersOf(admin) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Detail>();
  }

  const cases = ['mover', 'noMover', 'readOnly'].flatMap((admin) =>
    ['self', 'active', 'disabled', 'owner'].map((kind) => [admin, kind] as const),
  );

  it.each(cases)('an admin who is %s, a user who is %s', async (admin, kind) => {
    const probe = await userFor(admin, kind);
    const offered = probe.actions.map((a) => a.name);
    expect(offered.filter((name) => !CALLS[name])).toEqual([]);
    const disagreements: string[] = [];
    for (const [name, call] of Object.entries(CALLS) as [ActionName, Call][]) {
      const isOffered = offered.includes(name);
      const user = isOffered ? await userFor(admin, kind) : probe;
      const res = await t.app.inject({ ...call(user), headers: await headersOf(admin) });
      const body = res.body
        ? res.json<{ detail?: string; errorKeys?: string[]; 'invalid-params'?: { reason: string }[] }>()
        : {};
      const reasons = [...(body.errorKeys ?? []), ...(body['invalid-params'] ?? []).map((p) => p.reason)];
      // The policy's refusals: its two 403s, or a 400 naming its reason. A failure never passes.
      const refused =
        (res.statusCode === 403 && POLICY_403.includes(body.detail ?? '')) ||
        (res.statusCode === 400 && reasons.some((r) => REFUSALS.includes(r)));
      if (refused === isOffered || res.statusCode >= 500)
        disagreements.push(
          `${name}: ${isOffered ? 'offered' : 'not offered'}, answered ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    }
    expect(disagreements).toEqual([]);
  });
});
