/**
 * What other modules may use of signing (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { endSigningIn, latestSigningIn, type SigningChannel } from './cancel';
export { moveBy } from './move';
export { buildContract, contractLocaleOf, openApplication } from './service';
