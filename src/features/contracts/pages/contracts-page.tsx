import { Alert, Button, Flex, Heading, Stack, Text, useBreakpointValue } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_SORT_FIELDS, type ContractSortField } from '../../../domain/contracts';
import { findAction, type Action } from '../../../domain/hypermedia';
import { ListPager } from '../../../client/ui/list-pager';
import { useProfile } from '../../../client/profile/queries';
import { useSelectedProfileId } from '../../../client/profile/selection';
import { useExportContracts } from '../api/mutations';
import { contractListQuery } from '../api/queries';
import { AssignDialog } from '../components/assign-dialog';
import { ContractCards, ContractTable, type Selection } from '../components/contract-table';
import { ListCount } from '../../../client/ui/list-count';
import { ListSearch } from '../../../client/ui/list-search';
import { ListSort } from '../../../client/ui/list-sort';
import { ContractStateFilter } from '../components/state-filter';
import { FIRST_DIRECTION, useContractListParams } from '../components/list-params';
import { NotAvailableOffline, OfflineListNote, unavailableOffline } from '../../../client/ui/offline-state';
import { OwnerFilter } from '../components/owner-filter';

/**
 * /contracts: my contracts (portal specification, “Screens and routes” and “Entities and their fields”) with search, state filter, sort, paging
 * in the address, spreadsheet export (with the Excel permission) and 'Assign to…' for the
 * selected rows (when the server offers `assign`).
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const [params, update] = useContractListParams();
  const list = useQuery(contractListQuery(useSelectedProfileId(), params));
  const exporting = useExportContracts();
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  // Selected reference codes with their assign actions; kept across pages until assigned.
  const [selected, setSelected] = useState<Map<string, Action>>(new Map());
  const [assigning, setAssigning] = useState(false);

  const filtered = params.searchText !== '' || params.states.length > 0 || params.filterUserProfileId !== '';
  const rows = list.data?.rows ?? [];
  const loading = list.isPending;
  const sortOn = (column: ContractSortField) =>
    update({
      sortBy: column,
      sortDirection:
        column === params.sortBy
          ? params.sortDirection === 'asc'
            ? 'desc'
            : 'asc'
          : FIRST_DIRECTION[column],
    });

  const change = (codes: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const code of codes) {
        const action = findAction(rows.find((r) => r.item.referenceCode === code)?.entity ?? {}, 'assign');
        if (on && action) next.set(code, action);
        else next.delete(code);
      }
      return next;
    });
  const selection: Selection = {
    enabled: rows.some((r) => findAction(r.entity, 'assign')),
    selected: new Set(selected.keys()),
    toggle: (code, on) => change([code], on),
    togglePage: (on) =>
      change(
        rows.map((r) => r.item.referenceCode),
        on,
      ),
  };

  const empty = (
    <Stack align="flex-start" gap="2" py="2" data-testid="list-empty">
      <Text>{filtered ? t('contracts.noMatches') : t('contracts.empty')}</Text>
      {filtered && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => update({ searchText: '', states: [], filterUserProfileId: '' })}
        >
          {t('contracts.clearFilters')}
        </Button>
      )}
    </Stack>
  );

  return (
    <Stack gap="5" maxW="7xl">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            {t('contracts.title')}
          </Heading>
          <ListCount text={list.data && t('contracts.count', { count: list.data.count })} />
        </Stack>
        <Flex gap="2" wrap="wrap">
          {selection.enabled && (
            <Button
              size="sm"
              variant="outline"
              disabled={selected.size === 0}
              onClick={() => setAssigning(true)}
              data-testid="assign-selected"
            >
              {selected.size > 0
                ? t('contracts.assign.button', { count: selected.size })
                : t('contracts.assign.buttonNone')}
            </Button>
          )}
          {profile?.isExcelDownloadPermitted && (
            <Button
              size="sm"
              variant="outline"
              loading={exporting.isPending}
              onClick={() => exporting.mutate(params)}
            >
              {t('contracts.export')}
            </Button>
          )}
        </Flex>
      </Flex>

      <Flex gap="3" wrap="wrap" align="center">
        <ListSearch
          value={params.searchText}
          onChange={(searchText) => update({ searchText })}
          label={t('contracts.search')}
          placeholder={t('contracts.searchPlaceholder')}
        />
        <ContractStateFilter
          selected={params.states}
          available={list.data?.availableStates ?? []}
          onChange={(states) => update({ states })}
        />
        {profile?.hasGlobalAccess && (
          <OwnerFilter
            value={params.filterUserProfileId}
            onChange={(filterUserProfileId) => update({ filterUserProfileId })}
          />
        )}
        {phone && (
          <ListSort
            fields={CONTRACT_SORT_FIELDS}
            texts="contracts"
            sortBy={params.sortBy}
            sortDirection={params.sortDirection}
            onChange={(sortBy, sortDirection) => update({ sortBy, sortDirection })}
          />
        )}
      </Flex>

      <OfflineListNote />
      {unavailableOffline(list) ? (
        <NotAvailableOffline />
      ) : list.isError ? (
        <Alert.Root status="error" data-testid="list-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('contracts.loadFailed')}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            {t('contracts.retry')}
          </Button>
        </Alert.Root>
      ) : (
        <Stack gap="4" opacity={list.isPlaceholderData ? 0.6 : 1} aria-busy={list.isFetching}>
          {phone ? (
            <ContractCards rows={rows} loading={loading} empty={empty} selection={selection} />
          ) : (
            <ContractTable
              rows={rows}
              loading={loading}
              params={params}
              onSort={sortOn}
              empty={empty}
              selection={selection}
            />
          )}
          {(list.data?.count ?? 0) > 0 && (
            <ListPager
              page={params.page}
              itemsPerPage={params.itemsPerPage}
              count={list.data?.count ?? 0}
              onPage={(page) => update({ page })}
              onPageSize={(itemsPerPage) => update({ itemsPerPage })}
            />
          )}
        </Stack>
      )}
      {assigning && (
        <AssignDialog
          actions={[...selected.values()]}
          onClose={() => setAssigning(false)}
          onDone={() => {
            setAssigning(false);
            setSelected(new Map());
          }}
        />
      )}
    </Stack>
  );
}

export const Component = ContractsPage;
