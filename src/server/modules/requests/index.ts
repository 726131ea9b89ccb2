/**
 * What other modules may use of the requests (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { requireUnderwriter } from './backoffice';
export { announce, decideRequestJob, DECIDE_JOB } from './decisions';
export { cancelOpenRequests as withdrawOpenRequests } from './repo';
export { buildOffer } from './offer';
