/**
 * What other modules may use of the calculations (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { canWrite, loadVariant, requireStep, requireVisible, requireWritable } from './policy';
export { blockersOf, etagOf, maxCustomerSignees, setHref, variantEntity, variantHref } from './presenter';
export {
  countByState as countSetsByState,
  newestInStates as newestSetsInStates,
  volumeByMonth as setVolumeByMonth,
} from './dashboard-repo';
export { createReferenceCache, type ReferenceCache } from './reference-cache';
export {
  applicantEmailOf,
  countSetsOfProfiles,
  moveSetsOfProfile,
  objectTypeLabels,
  objectTypesOfBrand,
  savedConditionList,
} from './repo';
export { keepPaper, paperMatches, requireCurrentPaper } from './paper';
export { loadManufacturers, loadObjectTypes, loadPriceList } from './price-list';
export { referenceIds } from './reference-repo';
export { findSet, isUuid, type SetRow, type VariantRow } from './set-repo';
export {
  changeVariantState,
  keepOfferChoice,
  makeLeadingVariant,
  markSpecialCaseRequested,
  saveVariantNotes,
  selectPeriod,
} from './state-repo';
