import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/http';
import type { CalculationListItem, SortField } from '../../../domain/calculation/list';
import type { CalculationState } from '../../../domain/calculation/states';
import type { Entity } from '../../../domain/hypermedia';

/**
 * The calculation list and its spreadsheet export (spec 000 sections 3 and 7): GET
 * calculationSets and GET calculationSets/excel, with arrays in the query unindexed.
 */
export interface ListParams {
  searchText: string;
  states: CalculationState[];
  sortBy: SortField;
  sortDirection: 'asc' | 'desc';
  itemsPerPage: number;
  page: number;
}

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

function filterQuery(params: Omit<ListParams, 'itemsPerPage' | 'page'>): URLSearchParams {
  const query = new URLSearchParams();
  const text = params.searchText.trim();
  if (text) query.set('searchText', text);
  for (const state of params.states) query.append('states', state);
  query.set('sortBy', params.sortBy);
  query.set('sortDirection', params.sortDirection);
  return query;
}

export const calculationListQuery = (userProfileId: string | undefined, params: ListParams) =>
  queryOptions({
    queryKey: calculationListKeys.page(userProfileId, params),
    // A failed list shows its own error state on the page (spec 000 section 8).
    meta: { disableErrorPage: true },
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<CalculationListPage> => {
      const query = filterQuery(params);
      query.set('itemsPerPage', String(params.itemsPerPage));
      query.set('page', String(params.page));
      const answer = await api<Entity<{ count: number; availableStates: CalculationState[] }>>(
        `calculationSets?${query.toString()}`,
        { signal },
      );
      return {
        rows: (answer.entities ?? []).map((entity) => ({
          item: entity.properties as unknown as CalculationListItem,
          entity,
        })),
        count: answer.properties.count,
        availableStates: answer.properties.availableStates ?? [],
      };
    },
  });

interface ExportAnswer {
  contentAsBase64: string;
  fileName: string;
  fileFormat: string;
}

const MIME: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Decodes base64 in slices of 512 characters (spec 000 section 9), as the portal always did. */
function decodeBase64(content: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(Math.floor((content.length * 3) / 4)));
  let length = 0;
  for (let offset = 0; offset < content.length; offset += 512) {
    const slice = atob(content.slice(offset, offset + 512));
    for (let i = 0; i < slice.length; i++) bytes[length++] = slice.charCodeAt(i);
  }
  return bytes.subarray(0, length);
}

/**
 * The filtered list as a spreadsheet, downloaded as a file. Without a state filter the server
 * is told to export all states. Throws on failure; the caller fails silently (spec 000 section 8).
 */
export async function exportCalculations(params: Omit<ListParams, 'itemsPerPage' | 'page'>): Promise<void> {
  const query = filterQuery(params);
  if (params.states.length === 0) query.set('showAllStates', 'true');
  const answer = await api<ExportAnswer>(`calculationSets/excel?${query.toString()}`);
  const blob = new Blob([decodeBase64(answer.contentAsBase64)], {
    type: MIME[answer.fileFormat] ?? 'application/octet-stream',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = answer.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL only after click() returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
