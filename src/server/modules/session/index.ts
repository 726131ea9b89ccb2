/**
 * What other modules may use of the session area (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { brandName, findLastSignIn, findPartner } from './repo';
