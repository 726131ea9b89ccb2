import * as endpoints from '../../../domain/api/endpoints/contracts';
import { listFilterQuery, type ListParamsOf } from '../../../client/list-params';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { decodeBase64, saveFile } from '../../../client/download';
import { ApiError, call } from '../../../client/http';
import type { ContractListItem } from '../../../domain/api/contracts';
import type { ContractSortField, ContractState } from '../../../domain/contracts';
import type { Entity } from '../../../domain/hypermedia';

/**
 * The contract calls (portal specification, “The calls it makes”): GET contracts (arrays unindexed), GET
 * contracts/excel, GET contracts/{referenceCode}, the redemption offer link, and the
 * assignable profiles.
 */
export type ContractListParams = ListParamsOf<ContractState, ContractSortField>;

export interface ContractRow {
  item: ContractListItem;
  entity: Entity;
}

export interface ContractListPage {
  rows: ContractRow[];
  count: number;
  availableStates: ContractState[];
}

/** What one contract and its redemption offer answer (src/domain/api/contracts.ts). */

export const contractKeys = {
  all: ['contracts'] as const,
  // The brand goes with every call as a header; it is part of the key so brands never mix.
  list: (userProfileId: string | undefined, params: ContractListParams) =>
    [...contractKeys.all, 'list', userProfileId ?? 'default', params] as const,
  one: (userProfileId: string | undefined, referenceCode: string) =>
    [...contractKeys.all, 'one', userProfileId ?? 'default', referenceCode] as const,
  redemption: (userProfileId: string | undefined, referenceCode: string) =>
    [...contractKeys.all, 'redemption', userProfileId ?? 'default', referenceCode] as const,
  assignees: (userProfileId: string | undefined) =>
    [...contractKeys.all, 'assignees', userProfileId ?? 'default'] as const,
};

export const contractPath = (referenceCode: string) => `/contracts/${encodeURIComponent(referenceCode)}`;

export const contractListQuery = (userProfileId: string | undefined, params: ContractListParams) =>
  queryOptions({
    queryKey: contractKeys.list(userProfileId, params),
    // A failed list shows its own error state on the page (portal specification, “The error catalogue”).
    meta: { disableErrorPage: true },
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<ContractListPage> => {
      const showAllStates = params.states.length === 0 ? ('true' as const) : undefined;
      const query = {
        ...listFilterQuery(params),
        itemsPerPage: params.itemsPerPage,
        page: params.page,
        showAllStates,
      };
      const answer = await call(endpoints.contracts, query, { signal });
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

export const contractQuery = (userProfileId: string | undefined, referenceCode: string) =>
  queryOptions({
    queryKey: contractKeys.one(userProfileId, referenceCode),
    // Not found and other failures show on the page ('loading a contract failed').
    meta: { disableErrorPage: true },
    // A contract that is not there (404) or not the caller's stays so: no retry.
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    queryFn: ({ signal }) => call(endpoints.contract, { referenceCode }, { signal }),
  });

export const redemptionQuery = (userProfileId: string | undefined, referenceCode: string) =>
  queryOptions({
    queryKey: contractKeys.redemption(userProfileId, referenceCode),
    meta: { disableErrorPage: true, ignore409: true },
    retry: false,
    // The amount depends on the day: always asked afresh.
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) => call(endpoints.redemptionOffer, { referenceCode }, { signal }),
  });

export const assigneesQuery = (userProfileId: string | undefined) =>
  queryOptions({
    queryKey: contractKeys.assignees(userProfileId),
    meta: { disableErrorPage: true },
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await call(endpoints.contractAssignees, {}, { signal })).properties.assignees,
  });

const MIME: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The filtered list as a spreadsheet, downloaded as a file; without a state filter the server
 * is told to export all states. Throws on failure; the caller fails silently (portal specification, “The error catalogue”).
 */
export async function exportContracts(
  params: Omit<ContractListParams, 'itemsPerPage' | 'page'>,
): Promise<void> {
  const showAllStates = params.states.length === 0 ? ('true' as const) : undefined;
  const answer = await call(endpoints.contractsExcel, { ...listFilterQuery(params), showAllStates });
  saveFile(
    decodeBase64(answer.contentAsBase64),
    answer.fileName,
    MIME[answer.fileFormat] ?? 'application/octet-stream',
  );
}
