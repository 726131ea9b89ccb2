import { listParamsHook } from '../../../client/list-params';
import { SORT_FIELDS, type SortField } from '../../../domain/calculation/list';
import { CALCULATION_STATES } from '../../../domain/calculation/states';

/** The direction a column sorts in when first chosen: newest first, names and states A to Z. */
export const FIRST_DIRECTION: Record<SortField, 'asc' | 'desc'> = {
  lastEdited: 'desc',
  applicantName: 'asc',
  state: 'asc',
};

/** The calculation list's parameters in the address (newest edit first by default). */
export const useListParams = listParamsHook({
  states: CALCULATION_STATES,
  sortFields: SORT_FIELDS,
  sortBy: 'lastEdited',
});
