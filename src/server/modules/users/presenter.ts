import type { UserDetailEntity, UserListEntity } from '../../../domain/api/users';
import type { Action } from '../../../domain/hypermedia';
import type { UserListItem, UserProfileDetail } from '../../../domain/api/users';
import { UNKNOWN_COUNTRY_CODE } from '../../../domain/users';
import type { UserListRow, UserRecord } from '../session';
import {
  administeredUser,
  canDeleteUser,
  canMoveWork,
  canResetPassword,
  canUpdateUser,
  type UserAdmin,
} from '../../../domain/user-policy';

/** What user administration answers: the list, one user, and the actions the caller may take. */
export function userListEntity(rows: UserListRow[], invitationAvailable: boolean): UserListEntity {
  return {
    class: ['users'],
    properties: { count: rows.length, isUserInvitationAvailable: invitationAvailable },
    entities: rows.map((u) => ({
      class: ['user'],
      rel: ['item'],
      properties: {
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        isDisabled: u.status !== 'active',
        profiles: u.profiles.map((p) => ({
          id: p.id,
          name: p.name,
          branding: p.branding,
          isDefault: p.isDefault,
          isDisabled: p.status !== 'active',
        })),
      } satisfies UserListItem,
      links: [{ rel: ['self'], href: `/api/users/${u.id}` }],
    })),
    actions: invitationAvailable
      ? [{ name: 'create-user', method: 'POST', href: '/api/users', type: 'application/json' }]
      : [],
  };
}

/** One user with the actions the user policy allows the admin (src/domain/user-policy.ts). */
export function userEntity(
  user: UserRecord,
  profiles: UserProfileDetail[],
  admin: UserAdmin,
): UserDetailEntity {
  const href = `/api/users/${user.id}`;
  const subject = administeredUser(user, profiles);
  const actions: Action[] = [];
  if (canUpdateUser(admin).allowed)
    actions.push({ name: 'update-user', method: 'PUT', href, type: 'application/json' });
  const deletion = canDeleteUser(admin, subject);
  if (deletion.allowed) actions.push({ name: 'delete-user', method: 'DELETE', href });
  if (canResetPassword(admin, subject).allowed)
    actions.push({ name: 'reset-password', method: 'PUT', href: `${href}/resetPassword` });
  if (canMoveWork(admin).allowed) {
    actions.push({
      name: 'move-calculations',
      method: 'POST',
      href: `${href}/moveCalculations`,
      type: 'application/json',
      fields: [{ name: 'originUserProfileId' }, { name: 'destinationUserProfileId' }],
    });
  }
  return {
    class: ['user'],
    properties: {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      title: user.title,
      telephone: user.phoneNumber
        ? { countryCode: user.phoneCountryCode ?? UNKNOWN_COUNTRY_CODE, number: user.phoneNumber }
        : null,
      eMail: user.email,
      status: user.status,
      lastChange: user.lastChange.toISOString(),
      isAdmin: user.isAdmin,
      hasGlobalAccess: user.hasGlobalAccess,
      isExcelDownloadPermitted: user.isExcelDownloadPermitted,
      isMoveCalculationsPermitted: user.isMoveCalculationsPermitted,
      profiles,
      deleteBlockedBy: deletion.allowed ? null : deletion.refusal,
    },
    actions,
    links: [{ rel: ['self'], href }],
  };
}
