import type { Caller } from '../../plugins/auth';
import { notFound } from '../../problems';
import { requireProfile, requireWritable } from '../session/policy';
import type { SetRow } from './set-repo';

/**
 * Who may see and change a calculation set: sets of the selected brand of the caller's partner,
 * all of them with global access, otherwise only the caller's own. Anything else is "not
 * found", so that ids of other partners reveal nothing.
 */
export function scopeOf(caller: Caller): { brandId: string; userProfileId: string | null } {
  const profile = requireProfile(caller);
  return {
    brandId: profile.brandId,
    userProfileId: caller.user.hasGlobalAccess ? null : profile.userProfileId,
  };
}

export function requireVisible(caller: Caller, set: SetRow | undefined): SetRow {
  const scope = scopeOf(caller);
  if (
    !set ||
    set.partnerId !== caller.user.partnerId ||
    set.brandId !== scope.brandId ||
    (scope.userProfileId && set.userProfileId !== scope.userProfileId)
  )
    throw notFound('No such calculation set.');
  return set;
}

export function canWrite(caller: Caller): boolean {
  return caller.profile?.status === 'active';
}

export { requireWritable };
