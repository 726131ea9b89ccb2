/**
 * What other modules may use of the documents (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { base64Href } from './presenter';
export { findDocument, insertContractDocument, insertDocument, listDocuments } from './repo';
