import { z } from 'zod';
import { CALCULATION_STATES, type CalculationState } from './states';

/** The calculation list's parameters and items (docs/api.md). */
export const LIST_DEFAULTS = { itemsPerPage: 10, page: 1 } as const;
export const SORT_FIELDS = ['lastEdited', 'applicantName', 'state'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Arrays in the query are unindexed: one value arrives as a string, several as an array. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(50).optional());

export const CalculationListQuery = z.object({
  searchText: z.string().trim().max(100).optional(),
  states: many(z.enum(CALCULATION_STATES as [CalculationState, ...CalculationState[]])),
  sortBy: z.enum(SORT_FIELDS).default('lastEdited'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(LIST_DEFAULTS.itemsPerPage),
  page: z.coerce.number().int().min(1).max(100_000).default(LIST_DEFAULTS.page),
  /** A user profile id (a uuid; empty is no filter): anything else would fail in the database. */
  filterUserProfileId: z.preprocess((v) => (v === '' ? undefined : v), z.guid().optional()),
  showAllStates: z.enum(['true', 'false']).optional(),
});
export type CalculationListQuery = z.infer<typeof CalculationListQuery>;

/** The export takes the same filters without paging. */
export const CalculationExportQuery = CalculationListQuery.omit({ itemsPerPage: true, page: true });

export const QuickSearchQuery = z.object({ searchText: z.string().trim().min(1).max(100) });
