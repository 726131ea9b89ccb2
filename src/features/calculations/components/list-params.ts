import { useSearchParams } from 'react-router-dom';
import { LIST_DEFAULTS, SORT_FIELDS, type SortField } from '../../../domain/calculation/list';
import { CALCULATION_STATES, type CalculationState } from '../../../domain/calculation/states';
import type { ListParams } from '../api/list-queries';

/**
 * The list's search, filter, sort and page live in the address, so that back, reload and a
 * shared link show the same list. Anything unknown in the address falls back to the default.
 */
export const PAGE_SIZES = [10, 25, 50] as const;

/** The direction a column sorts in when first chosen: newest first, names and states A to Z. */
export const FIRST_DIRECTION: Record<SortField, 'asc' | 'desc'> = {
  lastEdited: 'desc',
  applicantName: 'asc',
  state: 'asc',
};

const DEFAULTS: ListParams = {
  searchText: '',
  states: [],
  sortBy: 'lastEdited',
  sortDirection: 'desc',
  itemsPerPage: LIST_DEFAULTS.itemsPerPage,
  page: LIST_DEFAULTS.page,
};

function read(search: URLSearchParams): ListParams {
  const sortBy = search.get('sortBy');
  const size = Number(search.get('itemsPerPage'));
  const page = Number(search.get('page'));
  return {
    searchText: search.get('searchText') ?? '',
    states: search
      .getAll('states')
      .filter((s): s is CalculationState => (CALCULATION_STATES as string[]).includes(s)),
    sortBy: (SORT_FIELDS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as SortField)
      : DEFAULTS.sortBy,
    sortDirection: search.get('sortDirection') === 'asc' ? 'asc' : 'desc',
    itemsPerPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULTS.itemsPerPage,
    page: Number.isInteger(page) && page > 0 ? page : DEFAULTS.page,
  };
}

function write(params: ListParams): URLSearchParams {
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
export function useListParams(): [ListParams, (change: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  // Replaced, not pushed: back leaves the list instead of stepping through every keystroke.
  const update = (change: Partial<ListParams>) =>
    void setSearch((current) => write({ ...read(current), page: DEFAULTS.page, ...change }), {
      replace: true,
    });
  return [read(search), update];
}
