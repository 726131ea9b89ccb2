/**
 * What other modules use of the session area (docs/architecture.md, "Modules"): the caller's
 * partner and brand; the rules of session/policy.ts are imported from there.
 */
export { brandName, findPartner } from './repo';
