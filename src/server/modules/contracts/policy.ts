import { isRedeemable } from '../../../domain/contracts';
import type { Caller } from '../../plugins/auth';
import { notFound } from '../../problems';
import { canWrite, scopeOf } from '../session/policy';
import type { ContractRecord, ContractScope } from './repo';

/**
 * Who may see and change a contract: as for calculation sets (calculations/policy.ts), the
 * contracts of the selected brand of the caller's partner, all of them with global access,
 * otherwise only the caller's own. Anything else is "not found", so that reference codes of
 * other partners reveal nothing.
 */
export function contractScope(caller: Caller, filterUserProfileId?: string): ContractScope {
  const scope = scopeOf(caller);
  // With global access a user may narrow the list to one profile of the brand.
  return { brandId: scope.brandId, userProfileId: scope.userProfileId ?? filterUserProfileId ?? null };
}

export function requireVisibleContract(caller: Caller, contract: ContractRecord | undefined): ContractRecord {
  const scope = scopeOf(caller);
  if (
    !contract ||
    contract.partnerId !== caller.user.partnerId ||
    contract.brandId !== scope.brandId ||
    (scope.userProfileId && contract.userProfileId !== scope.userProfileId)
  )
    throw notFound('No such contract.');
  return contract;
}

/** A redemption offer may be made for running, expiring and prolonged contracts on a writable brand. */
export function canOfferRedemption(caller: Caller, contract: Pick<ContractRecord, 'state'>): boolean {
  return canWrite(caller) && isRedeemable(contract.state);
}

export { canWrite };
