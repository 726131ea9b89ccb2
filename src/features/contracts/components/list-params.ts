import { listParamsHook } from '../../../client/list-params';
import { CONTRACT_SORT_FIELDS, CONTRACT_STATES, type ContractSortField } from '../../../domain/contracts';

/** The direction a column sorts in when first chosen: newest start first, the rest A to Z. */
export const FIRST_DIRECTION: Record<ContractSortField, 'asc' | 'desc'> = {
  startDate: 'desc',
  customerName: 'asc',
  referenceCode: 'asc',
  state: 'asc',
};

/** The contract list's parameters in the address (newest start first by default). */
export const useContractListParams = listParamsHook({
  states: CONTRACT_STATES,
  sortFields: CONTRACT_SORT_FIELDS,
  sortBy: 'startDate',
});
