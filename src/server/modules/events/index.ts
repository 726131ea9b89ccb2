/**
 * What other modules may use of the live events (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { publish } from './hub';
