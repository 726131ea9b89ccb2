import type { SigningChannel } from '../signing';
import { latestStart, voidRunningEnvelopes } from './repo';

/**
 * What other modules and app.ts use of the e-signature (docs/architecture.md, "Modules").
 */
export { VOID_JOB } from './repo';

/** Ending a variant's running envelopes; a job voids them at the service. */
export const eSignatureChannel: SigningChannel = {
  method: 'docusign',
  endRunning: voidRunningEnvelopes,
  latestStart,
};
