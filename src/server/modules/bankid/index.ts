import { enqueueJob } from '../../jobs/queue';
import type { SigningChannel } from '../signing';
import { endRunningProcesses, latestStart } from './repo';

/** What other modules and app.ts use of BankID (docs/architecture.md, "Modules"). */
export { cancelBankIdOrder } from './service';

export const CANCEL_BANKID_ORDER_JOB = 'cancelBankIdOrder';

/** Ending a variant's running BankID processes; a job cancels each pending order at BankID. */
export const bankIdChannel: SigningChannel = {
  method: 'bankid',
  latestStart,
  async endRunning(q, variantId) {
    for (const orderRef of await endRunningProcesses(q, variantId))
      await enqueueJob(q, CANCEL_BANKID_ORDER_JOB, { orderRef });
  },
};
