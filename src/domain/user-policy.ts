/**
 * What an admin may do with a user of the partner (administration specification, "Roles and
 * permissions" and "Validation rules"). The server offers a user's action exactly where its rule
 * allows it, and the action's call refuses with the rule's reason otherwise
 * (src/server/modules/users/user-actions.test.ts walks both).
 */
export interface UserAdmin {
  userId: string;
  /** The admin's profile is not read-only. */
  writable: boolean;
  canMoveCalculations: boolean;
  /** Passwords are kept by the portal's own identity provider (else reset elsewhere). */
  ownsPasswords: boolean;
}

export interface AdministeredUser {
  userId: string;
  status: string;
  /** A profile of the user still owns calculations or contracts. */
  hasWork: boolean;
}

/** A user as the policy sees them, from the user and their profiles' counts. */
export const administeredUser = (
  user: { id: string; status: string },
  profiles: readonly { calculationCount: number; contractCount: number }[],
): AdministeredUser => ({
  userId: user.id,
  status: user.status,
  hasWork: profiles.some((p) => p.calculationCount + p.contractCount > 0),
});

export type UserRefusal =
  | 'readOnly'
  | 'cannotDeleteSelf'
  | 'userHasCalculationsOrContracts'
  | 'userDisabled'
  | 'externalIdentityProvider'
  | 'moveNotPermitted';

export type UserVerdict = { allowed: true } | { allowed: false; refusal: UserRefusal };

const ALLOWED: UserVerdict = { allowed: true };
const refuse = (refusal: UserRefusal): UserVerdict => ({ allowed: false, refusal });

export const canUpdateUser = (admin: UserAdmin): UserVerdict =>
  admin.writable ? ALLOWED : refuse('readOnly');

/** Nobody deletes themselves, and a user who owns work is deleted once it is moved. */
export function canDeleteUser(admin: UserAdmin, user: AdministeredUser): UserVerdict {
  if (!admin.writable) return refuse('readOnly');
  if (user.userId === admin.userId) return refuse('cannotDeleteSelf');
  if (user.hasWork) return refuse('userHasCalculationsOrContracts');
  return ALLOWED;
}

export function canResetPassword(admin: UserAdmin, user: AdministeredUser): UserVerdict {
  if (!admin.writable) return refuse('readOnly');
  if (user.status !== 'active') return refuse('userDisabled');
  if (!admin.ownsPasswords) return refuse('externalIdentityProvider');
  return ALLOWED;
}

/** Moving a user's calculations and contracts needs the admin's permission to move them. */
export function canMoveWork(admin: UserAdmin): UserVerdict {
  if (!admin.writable) return refuse('readOnly');
  if (!admin.canMoveCalculations) return refuse('moveNotPermitted');
  return ALLOWED;
}
