import * as endpoints from '../../../domain/api/endpoints/calculations';
import { listFilterQuery, type ListParamsOf } from '../../../client/list-params';
import { decodeBase64, saveFile } from '../../../client/download';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../client/http';
import type { CalculationListItem } from '../../../domain/api/calculations';
import type { SortField } from '../../../domain/calculation/list';
import type { CalculationState } from '../../../domain/calculation/states';
import type { Entity } from '../../../domain/hypermedia';

/**
 * The calculation list and its spreadsheet export (portal specification, “Entities and their fields” and “The calls it makes”): GET
 * calculationSets and GET calculationSets/excel, with arrays in the query unindexed.
 */
export type ListParams = ListParamsOf<CalculationState, SortField>;

export interface CalculationRow {
  item: CalculationListItem;
  entity: Entity;
}

export interface CalculationListPage {
  rows: CalculationRow[];
  count: number;
  availableStates: CalculationState[];
}

export const calculationListKeys = {
  all: ['calculations', 'list'] as const,
  // The brand goes with every call as a header; it is part of the key so brands never mix.
  page: (userProfileId: string | undefined, params: ListParams) =>
    [...calculationListKeys.all, userProfileId ?? 'default', params] as const,
};

export const calculationListQuery = (userProfileId: string | undefined, params: ListParams) =>
  queryOptions({
    queryKey: calculationListKeys.page(userProfileId, params),
    // A failed list shows its own error state on the page (portal specification, “The error catalogue”).
    meta: { disableErrorPage: true },
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<CalculationListPage> => {
      const query = { ...listFilterQuery(params), itemsPerPage: params.itemsPerPage, page: params.page };
      const answer = await call(endpoints.calculationList, query, { signal });
      return {
        rows: (answer.entities ?? []).map((entity) => ({
          item: entity.properties,
          entity,
        })),
        count: answer.properties.count,
        availableStates: answer.properties.availableStates ?? [],
      };
    },
  });

const MIME: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The filtered list as a spreadsheet, downloaded as a file. Without a state filter the server
 * is told to export all states. Throws on failure; the caller fails silently (portal specification, “The error catalogue”).
 */
export async function exportCalculations(params: Omit<ListParams, 'itemsPerPage' | 'page'>): Promise<void> {
  const showAllStates = params.states.length === 0 ? ('true' as const) : undefined;
  const answer = await call(endpoints.calculationListExcel, { ...listFilterQuery(params), showAllStates });
  saveFile(
    decodeBase64(answer.contentAsBase64),
    answer.fileName,
    MIME[answer.fileFormat] ?? 'application/octet-stream',
  );
}
