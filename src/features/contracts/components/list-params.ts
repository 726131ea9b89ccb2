import { useSearchParams } from 'react-router-dom';
import { LIST_DEFAULTS } from '../../../domain/calculation/list';
import {
  CONTRACT_SORT_FIELDS,
  CONTRACT_STATES,
  type ContractSortField,
  type ContractState,
} from '../../../domain/contracts';
import { PAGE_SIZES } from '../../calculations/components/list-params';
import type { ContractListParams } from '../api/queries';

/**
 * The contract list's search, filter, sort and page live in the address, so that back, reload
 * and a shared link show the same list. Anything unknown in the address falls back to the default.
 */
export { PAGE_SIZES };

/** The direction a column sorts in when first chosen: newest start first, the rest A to Z. */
export const FIRST_DIRECTION: Record<ContractSortField, 'asc' | 'desc'> = {
  startDate: 'desc',
  customerName: 'asc',
  referenceCode: 'asc',
  state: 'asc',
};

const DEFAULTS: ContractListParams = {
  searchText: '',
  states: [],
  sortBy: 'startDate',
  sortDirection: 'desc',
  itemsPerPage: LIST_DEFAULTS.itemsPerPage,
  page: LIST_DEFAULTS.page,
};

function read(search: URLSearchParams): ContractListParams {
  const sortBy = search.get('sortBy');
  const size = Number(search.get('itemsPerPage'));
  const page = Number(search.get('page'));
  return {
    searchText: search.get('searchText') ?? '',
    states: search
      .getAll('states')
      .filter((s): s is ContractState => (CONTRACT_STATES as readonly string[]).includes(s)),
    sortBy: (CONTRACT_SORT_FIELDS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as ContractSortField)
      : DEFAULTS.sortBy,
    sortDirection: search.get('sortDirection') === 'asc' ? 'asc' : 'desc',
    itemsPerPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULTS.itemsPerPage,
    page: Number.isInteger(page) && page > 0 ? page : DEFAULTS.page,
  };
}

function write(params: ContractListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.searchText) search.set('searchText', params.searchText);
  for (const s of params.states) search.append('states', s);
  if (params.sortBy !== DEFAULTS.sortBy || params.sortDirection !== DEFAULTS.sortDirection) {
    search.set('sortBy', params.sortBy);
    search.set('sortDirection', params.sortDirection);
  }
  if (params.itemsPerPage !== DEFAULTS.itemsPerPage) search.set('itemsPerPage', String(params.itemsPerPage));
  if (params.page !== DEFAULTS.page) search.set('page', String(params.page));
  return search;
}

/** The current parameters and a setter; any change but paging starts again at page 1. */
export function useContractListParams(): [ContractListParams, (change: Partial<ContractListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  // Replaced, not pushed: back leaves the list instead of stepping through every keystroke.
  const update = (change: Partial<ContractListParams>) =>
    void setSearch((current) => write({ ...read(current), page: DEFAULTS.page, ...change }), {
      replace: true,
    });
  return [read(search), update];
}
