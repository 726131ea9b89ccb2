/**
 * What other modules may use of the calculations (docs/architecture.md, "Modules"): they call
 * these, never this module's repos.
 */
export { moveSetsOfProfile, objectTypeLabels } from './repo';
