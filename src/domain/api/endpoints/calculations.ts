/** The calculation view, calculate, sets and variants, the list and its export. The table's rules: index.ts. */
import { VARIANT } from './paths';

export const calculationView = {
  name: 'calculationView',
  method: 'GET',
  path: '/api/calculationView',
} as const;
export const calculate = {
  name: 'calculate',
  method: 'POST',
  path: '/api/calculate/:conditionListId',
} as const;
export const calculationList = {
  name: 'calculationList',
  method: 'GET',
  path: '/api/calculationSets',
} as const;
export const calculationListExcel = {
  name: 'calculationListExcel',
  method: 'GET',
  path: '/api/calculationSets/excel',
} as const;
export const createSet = { name: 'createSet', method: 'POST', path: '/api/calculationSets' } as const;
export const variant = { name: 'variant', method: 'GET', path: VARIANT } as const;
export const saveVariant = { name: 'saveVariant', method: 'PUT', path: VARIANT } as const;
export const saveApplicant = {
  name: 'saveApplicant',
  method: 'PUT',
  path: `${VARIANT}/applicant`,
} as const;
export const saveObjectList = {
  name: 'saveObjectList',
  method: 'PUT',
  path: `${VARIANT}/object-list`,
} as const;
export const addVariant = {
  name: 'addVariant',
  method: 'POST',
  path: '/api/calculationSets/:setId/calculationVariant',
} as const;
export const deleteVariant = { name: 'deleteVariant', method: 'DELETE', path: VARIANT } as const;
