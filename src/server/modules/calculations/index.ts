/**
 * What other modules may use of the calculations (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export { canWrite, loadVariant, requireVisible, requireWritable } from './policy';
export { blockersOf, etagOf, maxCustomerSignees, setHref, variantEntity, variantHref } from './presenter';
export { createReferenceCache, type BrandReference } from './reference-cache';
export { conditionListsOfBrand, moveSetsOfProfile, objectTypeLabels, objectTypesOfBrand } from './repo';
export { findSet, isUuid, type SetRow, type VariantRow } from './set-repo';
