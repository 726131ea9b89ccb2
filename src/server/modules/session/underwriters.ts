import { noCounts, sameData, type Counts, type UnderwriterData } from '../../../domain/provider-data';
import type { Queryable } from '../../db/db';
import { callerChanged } from '../../plugins/caller-cache';
import {
  accountFor,
  insertUnderwriter,
  partnerUserOf,
  providerBrand,
  retireUnderwritersExcept,
  updateUnderwriter,
} from './underwriters-repo';

/** A new underwriter's account, for the invitation to choose a password. */
export interface NewUnderwriter {
  accountId: string;
  partnerId: string;
  email: string;
  firstName: string;
}

/**
 * The provider's underwriters become exactly these, with their approval limits
 * (docs/provider-data.md); the others stay users of the provider, no longer underwriters. Needs
 * the provider's partner (providerBrand); answers the counts and the accounts to invite.
 */
export async function loadUnderwriters(
  q: Queryable,
  people: UnderwriterData[],
): Promise<{ counts: Counts; invite: NewUnderwriter[]; changedAccounts: string[] }> {
  const counts = noCounts();
  const invite: NewUnderwriter[] = [];
  const { brandId, partnerId } = (await providerBrand(q))!;
  const kept: string[] = [];
  const changedAccounts: string[] = [];
  for (const u of people) {
    const account = await accountFor(q, u.email);
    kept.push(account.id);
    const user = await partnerUserOf(q, account.id, partnerId);
    const wanted = { firstName: u.firstName, lastName: u.lastName, limits: u.approvalLimits };
    if (!user) {
      await insertUnderwriter(q, { ...wanted, accountId: account.id, partnerId, brandId });
      // An account that signs in already keeps its password; a new one is invited.
      if (account.isNew)
        invite.push({ accountId: account.id, partnerId, email: u.email, firstName: u.firstName });
      counts.added++;
    } else if (
      user.isUnderwriter &&
      user.firstName === u.firstName &&
      user.lastName === u.lastName &&
      sameData(user.approvalLimits, u.approvalLimits)
    ) {
      counts.unchanged++;
      continue;
    } else {
      await updateUnderwriter(q, user.id, wanted);
      counts.changed++;
    }
    await callerChanged(q, account.id);
    changedAccounts.push(account.id);
  }
  const gone = await retireUnderwritersExcept(q, partnerId, kept);
  for (const accountId of gone) await callerChanged(q, accountId);
  counts.removed = gone.length;
  return { counts, invite, changedAccounts: [...changedAccounts, ...gone] };
}
