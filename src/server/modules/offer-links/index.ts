/** What other modules use of the customer's offer links (docs/architecture.md, "Modules"). */
export { recentOfferLinks } from './service';
export { moveLinksOfProfile } from './repo';
