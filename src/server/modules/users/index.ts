/** What other modules use of the users (docs/architecture.md, "Modules"). */
export { sendPasswordLink } from './service';
