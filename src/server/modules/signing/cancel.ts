import type { Queryable } from '../../db/db';
import { enqueueJob } from '../../jobs/queue';
import { endRunningProcesses } from '../bankid/repo';
import { voidRunningEnvelopes } from '../esignature/repo';

export const CANCEL_BANKID_ORDER_JOB = 'cancelBankIdOrder';

/**
 * A change of the calculation, a paper contract or the partner's own delivery note ends every
 * running signing of the variant: the records end now, in the caller's transaction; the
 * envelope is voided and the BankID order cancelled at the service by jobs afterwards (no
 * network call inside a transaction), so a signer cannot go on even with the page closed.
 */
export async function cancelSigningProcesses(q: Queryable, variantId: string, reason: string): Promise<void> {
  await voidRunningEnvelopes(q, variantId, reason);
  for (const orderRef of await endRunningProcesses(q, variantId))
    await enqueueJob(q, CANCEL_BANKID_ORDER_JOB, { orderRef });
}
