/** What other modules use of the partner's logo (docs/architecture.md, "Modules"). */
export { findLogo } from './repo';
