/**
 * What other modules may use of the customers (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { partyProblems } from './party-rules';
