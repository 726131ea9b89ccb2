import * as endpoints from '../../../domain/api/endpoints/session';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../client/http';
import type { QuickSearchCalculation } from '../../../domain/api/search';
import type { QuickSearchContract } from '../../../domain/api/search';

/**
 * The header's quick search (portal specification, “Screens and routes” and “The calls it makes”): GET search/quicksearch?searchText=,
 * answering calculationSetReadModels and contractReadModels.
 */

/** A contract hit, as the contract list item reads (portal specification, “Entities and their fields”). */
export type { QuickSearchContract } from '../../../domain/api/search';

export interface QuickSearchResult {
  searchText: string;
  calculations: QuickSearchCalculation[];
  contracts: QuickSearchContract[];
  /** The server shows the newest hits only. */
  hasMore: boolean;
}

export const searchKeys = {
  all: ['search'] as const,
  quick: (userProfileId: string | undefined, searchText: string) =>
    [...searchKeys.all, 'quick', userProfileId ?? 'default', searchText] as const,
};

export const quickSearchQuery = (userProfileId: string | undefined, searchText: string) =>
  queryOptions({
    queryKey: searchKeys.quick(userProfileId, searchText),
    // A failed quick search only stops its loading state (portal specification, “The calls it makes”).
    meta: { disableErrorPage: true, ignore403: true },
    retry: false,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<QuickSearchResult> => {
      const answer = await call(endpoints.quickSearch, { searchText }, { signal });
      return {
        searchText,
        calculations: answer.properties.calculationSetReadModels ?? [],
        hasMore: answer.properties.hasMore ?? false,
        contracts: answer.properties.contractReadModels ?? [],
      };
    },
  });

export const calculationPath = (
  c: Pick<QuickSearchCalculation, 'calculationSetId' | 'calculationVariantId'>,
) => `/calculations/${c.calculationSetId}/${c.calculationVariantId}`;

export const contractPath = (c: Pick<QuickSearchContract, 'referenceCode'>) =>
  `/contracts/${encodeURIComponent(c.referenceCode)}`;

/** Where a search with exactly one hit goes straight away; undefined otherwise. */
export function singleHit(result: QuickSearchResult): string | undefined {
  const [calculation] = result.calculations;
  const [contract] = result.contracts;
  if (result.calculations.length + result.contracts.length !== 1) return undefined;
  return calculation ? calculationPath(calculation) : contractPath(contract!);
}
