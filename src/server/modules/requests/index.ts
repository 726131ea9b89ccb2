/**
 * What other modules and app.ts use of the requests (docs/architecture.md, "Modules"): they
 * call these, never this module's repos.
 */
export { cancelOpenRequests as withdrawOpenRequests } from './repo';
export { decideRequestJob, DECIDE_JOB } from './decisions';
