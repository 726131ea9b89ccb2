import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LIST_DEFAULTS } from '../domain/calculation/list';

/**
 * A list's search, filter, sort and page live in the address, so that back, reload and a shared
 * link show the same list. Anything unknown in the address falls back to the default. The
 * calculation and contract lists differ only in their states and sort fields.
 */
export const PAGE_SIZES = [10, 25, 50] as const;

export interface ListParamsOf<State extends string, Sort extends string> {
  searchText: string;
  states: State[];
  sortBy: Sort;
  sortDirection: 'asc' | 'desc';
  itemsPerPage: number;
  page: number;
  /** One profile's items only ('' for everyone's the caller may see). */
  filterUserProfileId: string;
}

const PROFILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's search, states and sort as the list and export calls take them (no page). */
export function listFilterQuery<State extends string, Sort extends string>(
  params: Omit<ListParamsOf<State, Sort>, 'itemsPerPage' | 'page'>,
) {
  const text = params.searchText.trim();
  return {
    searchText: text || undefined,
    states: params.states,
    filterUserProfileId: params.filterUserProfileId || undefined,
    sortBy: params.sortBy,
    sortDirection: params.sortDirection,
  };
}

export function listParamsHook<State extends string, Sort extends string>(list: {
  states: readonly State[];
  sortFields: readonly Sort[];
  sortBy: Sort;
}) {
  type Params = ListParamsOf<State, Sort>;
  const defaults: Params = {
    searchText: '',
    states: [],
    sortBy: list.sortBy,
    sortDirection: 'desc',
    itemsPerPage: LIST_DEFAULTS.itemsPerPage,
    page: LIST_DEFAULTS.page,
    filterUserProfileId: '',
  };
  const isState = (s: string): s is State => (list.states as readonly string[]).includes(s);
  const isSort = (s: string): s is Sort => (list.sortFields as readonly string[]).includes(s);

  function read(search: URLSearchParams): Params {
    const sortBy = search.get('sortBy') ?? '';
    const size = Number(search.get('itemsPerPage'));
    const page = Number(search.get('page'));
    const owner = search.get('filterUserProfileId') ?? '';
    return {
      searchText: search.get('searchText') ?? '',
      states: search.getAll('states').filter(isState),
      sortBy: isSort(sortBy) ? sortBy : defaults.sortBy,
      sortDirection: search.get('sortDirection') === 'asc' ? 'asc' : 'desc',
      itemsPerPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.itemsPerPage,
      page: Number.isInteger(page) && page > 0 ? page : defaults.page,
      filterUserProfileId: PROFILE_ID.test(owner) ? owner : '',
    };
  }

  function write(params: Params): URLSearchParams {
    const search = new URLSearchParams();
    if (params.searchText) search.set('searchText', params.searchText);
    for (const s of params.states) search.append('states', s);
    if (params.filterUserProfileId) search.set('filterUserProfileId', params.filterUserProfileId);
    if (params.sortBy !== defaults.sortBy || params.sortDirection !== defaults.sortDirection) {
      search.set('sortBy', params.sortBy);
      search.set('sortDirection', params.sortDirection);
    }
    if (params.itemsPerPage !== defaults.itemsPerPage)
      search.set('itemsPerPage', String(params.itemsPerPage));
    if (params.page !== defaults.page) search.set('page', String(params.page));
    return search;
  }

  /** The current parameters and a setter; any change but paging starts again at page 1. */
  return function useParams(): [Params, (change: Partial<Params>) => void] {
    const [search, setSearch] = useSearchParams();
    // Two changes before the next render (the search box applying its text as it loses focus to
    // a column header) must add up: the router's own updater would give both the same old address.
    const pending = useRef<URLSearchParams | undefined>(undefined);
    useEffect(() => {
      pending.current = undefined;
    }, [search]);
    const { pathname } = useLocation();
    const update = (change: Partial<Params>) => {
      // The user has left the list (a click on a row, whose page is still rendering): a late
      // change would otherwise be written onto that page's address.
      if (window.location.pathname !== pathname) return;
      const next = write({ ...read(pending.current ?? search), page: defaults.page, ...change });
      pending.current = next;
      // Replaced, not pushed: back leaves the list instead of stepping through every keystroke.
      void setSearch(next, { replace: true });
    };
    return [read(search), update];
  };
}
