/**
 * What other modules and app.ts use of signing (docs/architecture.md, "Modules"): they call
 * these, never this module's repos.
 */
export { endSigningIn, type EndSigning, type SigningChannel } from './cancel';
