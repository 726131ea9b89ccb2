import {
  USER_HAS_WORK_DETAIL,
  normalizeTelephone,
  type UserErrorKey,
  type UserSave,
} from '../../../domain/users';
import type { UserProfileSummary } from '../../../domain/api/users';
import { PROBLEM } from '../../../domain/problems';
import type { PartnerEntity, UserDetailEntity } from '../../../domain/api/users';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/db';
import {
  invitationMail,
  passwordResetMail,
  passwordResetRequestedMail,
} from '../../integrations/mail/templates';
import { MAIL_SECRET, queueMail } from '../../integrations/mail/outbox';
import { issuePasswordToken, TOKEN_VALID_HOURS, type TokenPurpose } from '../../identity/password-tokens';
import { SET_PASSWORD_PATH } from '../../identity/password-pages';
import { endAccountSessions } from '../../plugins/revocations';
import type { Caller } from '../../plugins/auth';
import { callerChanged } from '../../plugins/caller-cache';
import { forbidden, HttpProblem, notFound, validation } from '../../problems';
import {
  findPartner,
  addProfile,
  brandsOfPartner,
  clearDefaultProfile,
  countActiveAdmins,
  deleteProfile,
  deleteUser,
  findAccountByEmail,
  findMoveTargets,
  findProfiles,
  findUser,
  hasOtherActiveUser,
  insertAccount,
  insertUser,
  listUsers,
  lockPartner,
  setAccountEmail,
  setProfile,
  updateUser,
  type UserFields,
} from '../session';
import { canWrite, requireAdmin, requireMovePermission, requireWritable } from '../session/policy';
import { FORBIDDEN } from '../session/forbidden';
import {
  canDeleteUser,
  canResetPassword,
  canUpdateUser,
  administeredUser,
  type UserAdmin,
  type UserVerdict,
} from '../../../domain/user-policy';
import { countSetsOfProfiles, moveSetsOfProfile } from '../calculations';
import { countContractsOfProfiles, moveContractsOfProfile } from '../contracts';
import { moveLinksOfProfile } from '../offer-links';
import { userEntity, userListEntity } from './presenter';

/**
 * User administration (MyGRENKE, administration specification): admins of a partner manage that partner's users.
 * Each use case checks the caller, runs in one transaction and answers the hypermedia entity.
 */
/** The admin a call is made by, as the user policy (src/domain/user-policy.ts) sees them. */
export const userAdminOf = (caller: Caller, config: Config): UserAdmin => ({
  userId: caller.user.id,
  writable: canWrite(caller),
  canMoveCalculations: caller.user.canMoveCalculations,
  ownsPasswords: config.oidc.embedded,
});

/** A refusal of the user policy, answered as docs/api.md says. */
function requireAllowed(verdict: UserVerdict): void {
  if (verdict.allowed) return;
  switch (verdict.refusal) {
    case 'readOnly':
      throw forbidden(FORBIDDEN.readOnly);
    case 'moveNotPermitted':
      throw forbidden(FORBIDDEN.moveNotPermitted);
    case 'cannotDeleteSelf':
      throw new HttpProblem(400, PROBLEM.errorKeys, 'action validation', 'You cannot delete yourself.', {
        errorKeys: ['cannotDeleteSelf'],
      });
    case 'userHasCalculationsOrContracts':
      throw new HttpProblem(400, PROBLEM.errorKeys, 'action validation', USER_HAS_WORK_DETAIL, {
        errorKeys: ['userHasCalculationsOrContracts'],
      });
    case 'userDisabled':
    case 'externalIdentityProvider':
      throw validation([{ name: 'errormsg', reason: verdict.refusal }], 'Resetting password for user failed');
  }
}

const userError = (key: UserErrorKey, name = 'user') =>
  validation([{ name, reason: key }], `The user cannot be saved: ${key}.`);

/** The user's profiles, each with how many calculations and contracts it holds (asked of their modules). */
async function profilesOf(q: Queryable, userId: string): Promise<UserProfileSummary[]> {
  const profiles = await findProfiles(q, userId);
  const ids = profiles.map((p) => p.userProfileId);
  const sets = await countSetsOfProfiles(q, ids);
  const contracts = await countContractsOfProfiles(q, ids);
  return profiles.map((p) => ({
    ...p,
    calculationCount: sets.get(p.userProfileId) ?? 0,
    contractCount: contracts.get(p.userProfileId) ?? 0,
  }));
}

export async function list(
  db: Db,
  config: Config,
  caller: Caller,
  sortBy: 'firstName' | 'lastName',
  desc: boolean,
) {
  requireAdmin(caller);
  return userListEntity(
    await listUsers(db, caller.user.partnerId, sortBy, desc),
    config.userInvitationAvailable,
  );
}

export async function get(
  q: Queryable,
  config: Config,
  caller: Caller,
  userId: string,
): Promise<UserDetailEntity> {
  requireAdmin(caller);
  const user = await findUser(q, caller.user.partnerId, userId);
  if (!user) throw notFound('No such user.');
  const [profiles, targets] = await Promise.all([
    profilesOf(q, userId),
    findMoveTargets(q, caller.user.partnerId, userId),
  ]);
  const withTargets = profiles.map((p) => ({
    ...p,
    moveTargets: targets
      .filter((t) => t.parentProfileId === p.parentProfileId)
      .map(({ userProfileId, userName }) => ({ userProfileId, userName })),
  }));
  return userEntity(user, withTargets, userAdminOf(caller, config));
}

export async function partnerEntity(db: Db, caller: Caller): Promise<PartnerEntity> {
  requireAdmin(caller);
  const [partner, brands] = await Promise.all([
    findPartner(db, caller.user.partnerId),
    brandsOfPartner(db, caller.user.partnerId),
  ]);
  return {
    class: ['partner'],
    properties: { businessPartnerId: partner.id, name: partner.name, countryIso: partner.countryIso },
    entities: brands.map((b) => ({ class: ['parentProfile'], rel: ['item'], properties: b })),
  };
}

async function checkBrands(q: Queryable, partnerId: string, body: UserSave): Promise<void> {
  const brands = new Map((await brandsOfPartner(q, partnerId)).map((b) => [b.id, b]));
  for (const p of body.parentProfiles) {
    const brand = brands.get(p.id);
    if (!brand) throw userError('profileMissing', 'parentProfiles');
    if (!brand.branding.trim()) throw userError('brandingEmpty', 'parentProfiles');
  }
}

/**
 * Mails a one-time link to choose a password (an invitation) or a new one (a reset), in the
 * partner's language; a reset the user asked for on the sign-in page says so, in the page's.
 */
export async function sendPasswordLink(
  q: Queryable,
  config: Pick<Config, 'publicUrl'>,
  partnerId: string,
  accountId: string,
  purpose: TokenPurpose,
  to: { email: string; firstName: string },
  /** The language of the sign-in page the user asked on, for a reset they asked for themselves. */
  requestedIn?: string,
) {
  const partner = await findPartner(q, partnerId);
  const token = await issuePasswordToken(q, accountId, purpose, { keepOthers: requestedIn !== undefined });
  const vars = {
    firstName: to.firstName,
    partnerName: partner.name,
    link: `${config.publicUrl}${SET_PASSWORD_PATH}/${MAIL_SECRET}`,
    validHours: TOKEN_VALID_HOURS[purpose],
  };
  const mail = requestedIn
    ? passwordResetRequestedMail(to.email, requestedIn, vars)
    : (purpose === 'invitation' ? invitationMail : passwordResetMail)(
        to.email,
        partner.defaultLanguage,
        vars,
      );
  await queueMail(q, { ...mail, secret: token });
}

async function saveProfiles(q: Queryable, userId: string, body: UserSave): Promise<void> {
  const current = await profilesOf(q, userId);
  const wanted = new Map(body.parentProfiles.map((p) => [p.id, p]));
  for (const p of current) {
    if (wanted.has(p.parentProfileId)) continue;
    if (p.calculationCount + p.contractCount > 0)
      throw userError('profileHasCalculationsOrContracts', 'parentProfiles');
    await deleteProfile(q, p.userProfileId);
  }
  await clearDefaultProfile(q, userId);
  for (const p of body.parentProfiles) {
    const status = p.active ? 'active' : 'readOnly';
    const isDefault = p.id === body.defaultParentProfileId;
    const existing = current.find((c) => c.parentProfileId === p.id);
    if (existing) await setProfile(q, existing.userProfileId, status, isDefault);
    else await addProfile(q, userId, p.id, status, isDefault);
  }
}

function userFields(body: UserSave): UserFields {
  const phone = normalizeTelephone(body.telephone);
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    title: body.title,
    phoneCountryCode: phone?.countryCode ?? null,
    phoneNumber: phone?.number ?? null,
    status: body.status,
    isAdmin: body.isAdmin,
    hasGlobalAccess: body.hasGlobalAccess,
    isExcelDownloadPermitted: body.isExcelDownloadPermitted,
    canMoveCalculations: body.isMoveCalculationsPermitted,
  };
}

async function ensureAnAdmin(q: Queryable, partnerId: string): Promise<void> {
  if ((await countActiveAdmins(q, partnerId)) < 1) throw userError('lastAdmin', 'isAdmin');
}

/** Disabled or deleted users can no longer sign in: end their sessions unless they still act elsewhere. */
async function endSessionsIfGone(q: Queryable, accountId: string, userId: string): Promise<void> {
  if (!(await hasOtherActiveUser(q, accountId, userId))) await endAccountSessions(q, accountId);
}

export async function create(
  db: Db,
  config: Config,
  caller: Caller,
  body: UserSave,
): Promise<UserDetailEntity> {
  requireAdmin(caller);
  requireWritable(caller);
  if (!config.userInvitationAvailable) {
    throw new HttpProblem(
      503,
      'about:blank',
      'Service Unavailable',
      'User invitation is unavailable during maintenance.',
    );
  }
  const partnerId = caller.user.partnerId;
  const userId = await db.tx(async (q) => {
    await lockPartner(q, partnerId);
    await checkBrands(q, partnerId, body);
    const account = await findAccountByEmail(q, body.eMail);
    const here = account?.users.filter((u) => u.partnerId === partnerId) ?? [];
    if (here.some((u) => !u.deleted)) throw userError('userAlreadyExists', 'eMail');
    if (account?.users.some((u) => u.partnerId !== partnerId && !u.deleted))
      throw userError('userBelongsToAnotherPartner', 'eMail');
    const deleted = here.find((u) => u.deleted);
    if (deleted && !body.forceUpdate) throw userError('userDeleted', 'eMail');

    const accountId = account?.id ?? (await insertAccount(q, body.eMail));
    let id: string;
    if (deleted) {
      id = deleted.id;
      await updateUser(q, id, userFields(body), true);
    } else {
      id = await insertUser(q, accountId, partnerId, userFields(body));
    }
    await saveProfiles(q, id, body);
    await callerChanged(q, accountId);
    // With an external identity provider, passwords are that provider's business.
    if (config.oidc.embedded) {
      await sendPasswordLink(q, config, partnerId, accountId, 'invitation', {
        email: body.eMail,
        firstName: body.firstName,
      });
    }
    return id;
  });
  return get(db, config, caller, userId);
}

export async function update(
  db: Db,
  config: Config,
  caller: Caller,
  userId: string,
  body: UserSave,
): Promise<UserDetailEntity> {
  requireAdmin(caller);
  requireWritable(caller);
  const partnerId = caller.user.partnerId;
  await db.tx(async (q) => {
    await lockPartner(q, partnerId);
    const user = await findUser(q, partnerId, userId);
    if (!user) throw notFound('No such user.');
    requireAllowed(canUpdateUser(userAdminOf(caller, config)));
    await checkBrands(q, partnerId, body);
    if (body.eMail.toLowerCase() !== user.email.toLowerCase()) {
      const other = await findAccountByEmail(q, body.eMail);
      if (other && other.id !== user.accountId) throw userError('userAlreadyExists', 'eMail');
      // The e-mail is the login of every user of the account: one partner's admin may not change
      // the login of a person who also works for another partner.
      const own = await findAccountByEmail(q, user.email);
      if (own?.users.some((u) => u.partnerId !== partnerId && !u.deleted)) {
        throw userError('userBelongsToAnotherPartner', 'eMail');
      }
      await setAccountEmail(q, user.accountId, body.eMail);
      await endAccountSessions(q, user.accountId);
    }
    await updateUser(q, userId, userFields(body));
    await saveProfiles(q, userId, body);
    await ensureAnAdmin(q, partnerId);
    await callerChanged(q, user.accountId);
    if (body.status !== 'active') await endSessionsIfGone(q, user.accountId, userId);
  });
  return get(db, config, caller, userId);
}

export async function remove(db: Db, config: Config, caller: Caller, userId: string): Promise<void> {
  requireAdmin(caller);
  requireWritable(caller);
  await db.tx(async (q) => {
    await lockPartner(q, caller.user.partnerId);
    const user = await findUser(q, caller.user.partnerId, userId);
    if (!user) throw notFound('No such user.');
    requireAllowed(
      canDeleteUser(userAdminOf(caller, config), administeredUser(user, await profilesOf(q, userId))),
    );
    await deleteUser(q, userId);
    await ensureAnAdmin(q, caller.user.partnerId);
    await callerChanged(q, user.accountId);
    await endSessionsIfGone(q, user.accountId, userId);
  });
}

export async function resetPassword(db: Db, config: Config, caller: Caller, userId: string): Promise<void> {
  requireAdmin(caller);
  requireWritable(caller);
  await db.tx(async (q) => {
    const user = await findUser(q, caller.user.partnerId, userId);
    if (!user) throw notFound('No such user.');
    requireAllowed(canResetPassword(userAdminOf(caller, config), administeredUser(user, [])));
    // A reset is often asked because the password is known to someone else: what was signed in
    // with it ends now, not when the user sets a new one.
    await endAccountSessions(q, user.accountId);
    await sendPasswordLink(q, config, caller.user.partnerId, user.accountId, 'reset', {
      email: user.email,
      firstName: user.firstName,
    });
  });
}

export async function moveCalculations(
  db: Db,
  caller: Caller,
  userId: string,
  originUserProfileId: string,
  destinationUserProfileId: string,
) {
  requireMovePermission(caller, userId);
  requireWritable(caller);
  return db.tx(async (q) => {
    const user = await findUser(q, caller.user.partnerId, userId);
    if (!user) throw notFound('No such user.');
    const origin = (await profilesOf(q, userId)).find((p) => p.userProfileId === originUserProfileId);
    if (!origin) throw validation([{ name: 'originUserProfileId', reason: 'profileMissing' }]);
    const target = (await findMoveTargets(q, caller.user.partnerId, userId)).find(
      (t) => t.userProfileId === destinationUserProfileId && t.parentProfileId === origin.parentProfileId,
    );
    if (!target) throw validation([{ name: 'destinationUserProfileId', reason: 'invalidMoveTarget' }]);
    const movedCalculations = await moveSetsOfProfile(q, originUserProfileId, destinationUserProfileId);
    // The customers' answers to offer links follow the calculations to the start screen: after
    // the sets, the order in which every write takes a set's lock and its links' (no deadlock).
    await moveLinksOfProfile(q, originUserProfileId, destinationUserProfileId);
    return {
      movedCalculations,
      movedContracts: await moveContractsOfProfile(q, originUserProfileId, destinationUserProfileId),
    };
  });
}
