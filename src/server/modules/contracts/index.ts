/**
 * What other modules may use of the contracts (docs/architecture.md, "Modules"): they call
 * these, never this module's repos.
 */
export { redemptionAction } from './presenter';
export {
  countContractsOfProfiles,
  insertContract,
  moveContractsOfProfile,
  quickSearchContracts,
  setProviderStates,
  unknownReferenceCodes,
} from './repo';
export type { ContractDocument } from './redemption';
