import { Alert, Button, Flex, Heading, Stack, Text, useBreakpointValue } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SORT_FIELDS, type SortField } from '../../../domain/calculation/list';
import { useProfile } from '../../../client/profile/queries';
import { useSelectedProfileId } from '../../../client/profile/selection';
import { useExportCalculations } from '../api/list-mutations';
import { calculationListQuery } from '../api/list-queries';
import { ListCards } from '../components/list-cards';
import { FIRST_DIRECTION, useListParams } from '../components/list-params';
import { ListPager } from '../../../client/ui/list-pager';
import { ListCount } from '../../../client/ui/list-count';
import { ListSearch } from '../../../client/ui/list-search';
import { ListSort } from '../../../client/ui/list-sort';
import { ListStateFilter } from '../components/list-state-filter';
import { NotAvailableOffline, OfflineListNote, unavailableOffline } from '../../../client/ui/offline-state';
import { ListTable } from '../components/list-table';

/** Printing shows the list alone: no shell, no controls. */
const PRINT_CSS = `@media print {
  aside, header, footer, .no-print { display: none !important; }
  main { padding: 0 !important; }
  html, body { background: white !important; }
}`;

/**
 * /calculations: my calculations (portal specification, “Screens and routes” and “Entities and their fields”) with search, state filter, sort,
 * paging, print, spreadsheet export (with the Excel permission) and a new calculation (on an
 * active brand).
 */
export function CalculationsPage() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const [params, update] = useListParams();
  const profileId = useSelectedProfileId();
  const list = useQuery(calculationListQuery(profileId, params));
  const exporting = useExportCalculations();
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

  const active =
    profile?.availableBrands.find((b) => b.userProfileId === profile.selectedUserProfileId)?.status ===
    'active';
  const filtered = params.searchText !== '' || params.states.length > 0;
  // An answer renders in the background, in slices a phone can interrupt (docs/architecture.md,
  // “Rendering on a phone”); the rows shown stay until the new ones are ready. On mount too (the
  // initial value): a returning user's stored answer is there at once.
  const data = useDeferredValue(list.data, null) ?? undefined;
  const rows = data?.rows ?? [];
  const loading = list.isPending || (list.data !== undefined && data === undefined);
  const sortOn = (column: SortField) =>
    update({
      sortBy: column,
      sortDirection:
        column === params.sortBy
          ? params.sortDirection === 'asc'
            ? 'desc'
            : 'asc'
          : FIRST_DIRECTION[column],
    });

  const empty = (
    <Stack align="flex-start" gap="2" py="2" data-testid="list-empty">
      <Text>{filtered ? t('calculationList.noMatches') : t('calculationList.empty')}</Text>
      {filtered && (
        <Button size="sm" variant="outline" onClick={() => update({ searchText: '', states: [] })}>
          {t('calculationList.clearFilters')}
        </Button>
      )}
    </Stack>
  );

  return (
    <Stack gap="5" maxW="7xl">
      <style>{PRINT_CSS}</style>
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            {t('calculationList.title')}
          </Heading>
          <ListCount text={data && t('calculationList.count', { count: data.count })} />
        </Stack>
        <Flex gap="2" wrap="wrap" className="no-print">
          <Button size="sm" variant="outline" onClick={() => window.print()}>
            {t('calculationList.print')}
          </Button>
          {profile?.isExcelDownloadPermitted && (
            <Button
              size="sm"
              variant="outline"
              loading={exporting.isPending}
              onClick={() => exporting.mutate(params)}
            >
              {t('calculationList.export')}
            </Button>
          )}
          {active && (
            <Button asChild size="sm" colorPalette="brand">
              <Link to="/calculations/new-calculation">{t('calculationList.new')}</Link>
            </Button>
          )}
        </Flex>
      </Flex>

      <Flex gap="3" wrap="wrap" align="center" className="no-print">
        <ListSearch
          value={params.searchText}
          onChange={(searchText) => update({ searchText })}
          label={t('calculationList.search')}
          placeholder={t('calculationList.searchPlaceholder')}
        />
        <ListStateFilter
          selected={params.states}
          available={data?.availableStates ?? []}
          onChange={(states) => update({ states })}
        />
        {phone && (
          <ListSort
            fields={SORT_FIELDS}
            texts="calculationList"
            sortBy={params.sortBy}
            sortDirection={params.sortDirection}
            onChange={(sortBy, sortDirection) => update({ sortBy, sortDirection })}
          />
        )}
      </Flex>

      <OfflineListNote profileId={profile?.selectedUserProfileId} />
      {unavailableOffline(list) ? (
        <NotAvailableOffline />
      ) : list.isError ? (
        <Alert.Root status="error" data-testid="list-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('calculationList.loadFailed')}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            {t('calculationList.retry')}
          </Button>
        </Alert.Root>
      ) : (
        <Stack gap="4" opacity={list.isPlaceholderData ? 0.6 : 1} aria-busy={list.isFetching}>
          {phone ? (
            <ListCards rows={rows} loading={loading} empty={empty} />
          ) : (
            <ListTable rows={rows} loading={loading} params={params} onSort={sortOn} empty={empty} />
          )}
          {(data?.count ?? 0) > 0 && (
            <ListPager
              page={params.page}
              itemsPerPage={params.itemsPerPage}
              count={data?.count ?? 0}
              onPage={(page) => update({ page })}
              onPageSize={(itemsPerPage) => update({ itemsPerPage })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

export const Component = CalculationsPage;
