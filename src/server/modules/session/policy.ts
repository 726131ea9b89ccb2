/** Who may do what, checked by every service before it acts (never only by the menu). */
import { forbidden } from '../../problems';
import type { Caller } from '../../plugins/auth';
import { FORBIDDEN } from './forbidden';

/**
 * Moving calculations and contracts to another profile needs the user's permission to move
 * them; with it an admin moves any user's of the partner, anybody else only their own.
 */
export function requireMovePermission(caller: Caller, userId: string): void {
  if (!caller.user.canMoveCalculations || (!caller.user.isAdmin && userId !== caller.user.id))
    throw forbidden(FORBIDDEN.moveNotPermitted);
}

/**
 * What of a brand the caller sees (calculation sets, contracts): the selected brand of the
 * caller's partner, all of it with global access, otherwise only the caller's own.
 */
export function scopeOf(caller: Caller): { brandId: string; userProfileId: string | null } {
  const profile = requireProfile(caller);
  return {
    brandId: profile.brandId,
    userProfileId: caller.user.hasGlobalAccess ? null : profile.userProfileId,
  };
}

export function canWrite(caller: Caller): boolean {
  return caller.profile?.status === 'active';
}

export function requireProfile(caller: Caller): NonNullable<Caller['profile']> {
  if (!caller.profile) throw forbidden(FORBIDDEN.noProfile);
  return caller.profile;
}

/** Writes need a selected brand that is not read-only. */
export function requireWritable(caller: Caller): void {
  if (requireProfile(caller).status === 'readOnly') throw forbidden(FORBIDDEN.readOnly);
}

export function requireAdmin(caller: Caller): void {
  if (!caller.user.isAdmin) throw forbidden(FORBIDDEN.notAdmin);
}

/** Requests to the provider and contract creation need accepted terms (administration specification, “Roles and permissions”). */
export function requireTermsAccepted(caller: Caller, partnerNeedsTnC: boolean): void {
  const { termsOfUseAccepted, termsAndConditionsAccepted } = caller.user;
  if (!termsOfUseAccepted || (partnerNeedsTnC && !termsAndConditionsAccepted)) {
    throw forbidden(FORBIDDEN.termsNotAccepted, { errorKeys: ['termsNotAccepted'] });
  }
}
