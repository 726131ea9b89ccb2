import {
  Box,
  Checkbox,
  Flex,
  Skeleton,
  Stack,
  Table,
  Text,
  checkboxSlotRecipe,
  tableSlotRecipe,
} from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CustomerName } from '../../../client/ui/customer-name';
import { StateBadge } from '../../../client/ui/state-badge';
import type { ContractSortField } from '../../../domain/contracts';
import { contractPath, type ContractListParams, type ContractRow } from '../api/queries';
import { useFormat } from '../../../client/format/format';
import { SortableHeader, TableStatusRows } from '../../../client/ui/list-table';

/** Row selection of the list: the reference codes chosen for 'Assign to…'. */
export interface Selection {
  /** Whether rows can be selected at all (the server offers `assign`). */
  enabled: boolean;
  selected: Set<string>;
  toggle: (referenceCode: string, on: boolean) => void;
  togglePage: (on: boolean) => void;
}

function SelectBox({
  checked,
  label,
  onChange,
}: {
  checked: boolean | 'indeterminate';
  label: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <Checkbox.Root
      recipe={checkboxSlotRecipe}
      size="sm"
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked === true)}
      onClick={(e) => e.stopPropagation()}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

const customerOf = (row: ContractRow) => ({
  applicantName: row.item.customerName,
  sublesseeName: row.item.subLesseeName,
  isSubLease: row.item.isSubLease,
});

/** The list as a table (tablet and up); a row opens the contract. */
export function ContractTable({
  rows,
  loading,
  params,
  onSort,
  empty,
  selection,
}: {
  rows: ContractRow[];
  loading: boolean;
  params: ContractListParams;
  onSort: (column: ContractSortField) => void;
  empty: ReactNode;
  selection: Selection;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const instalment = useInstalmentFormat();
  const columns = selection.enabled ? 8 : 7;
  const onPage = rows.filter((r) => selection.selected.has(r.item.referenceCode)).length;
  const sortable = (column: ContractSortField) => (
    <SortableHeader
      column={column}
      label={t(`contracts.columns.${column}`)}
      sortBy={params.sortBy}
      sortDirection={params.sortDirection}
      onSort={onSort}
    />
  );

  return (
    <Box overflowX="auto" bg="bg.panel" rounded="l2" borderWidth="1px">
      <Table.Root recipe={tableSlotRecipe} size="sm" interactive={rows.length > 0}>
        <Table.Header>
          <Table.Row>
            {selection.enabled && (
              <Table.ColumnHeader w="1">
                <SelectBox
                  checked={
                    onPage === 0 ? false : onPage === rows.length && rows.length > 0 ? true : 'indeterminate'
                  }
                  label={t('contracts.selectPage')}
                  onChange={selection.togglePage}
                />
              </Table.ColumnHeader>
            )}
            {sortable('referenceCode')}
            {sortable('customerName')}
            {sortable('state')}
            {sortable('startDate')}
            <Table.ColumnHeader>{t('contracts.columns.endDate')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('contracts.columns.instalment')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('contracts.columns.ownerName')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <TableStatusRows loading={loading} count={rows.length} columns={columns} empty={empty} />
          {rows.map((row) => {
            const { item } = row;
            const path = contractPath(item.referenceCode);
            const selected = selection.selected.has(item.referenceCode);
            return (
              <Table.Row
                key={item.contractId}
                cursor="pointer"
                onClick={() => void navigate(path)}
                data-testid="contract-row"
                data-selected={selected || undefined}
              >
                {selection.enabled && (
                  <Table.Cell onClick={(e) => e.stopPropagation()}>
                    <SelectBox
                      checked={selected}
                      label={t('contracts.select', { referenceCode: item.referenceCode })}
                      onChange={(on) => selection.toggle(item.referenceCode, on)}
                    />
                  </Table.Cell>
                )}
                <Table.Cell whiteSpace="nowrap">
                  <Link to={path} onClick={(e) => e.stopPropagation()}>
                    <Box
                      as="span"
                      fontWeight="medium"
                      color="brand.fg"
                      _hover={{ textDecoration: 'underline' }}
                    >
                      {item.referenceCode}
                    </Box>
                  </Link>
                </Table.Cell>
                <Table.Cell minW="48">
                  <CustomerName {...customerOf(row)} />
                </Table.Cell>
                <Table.Cell>
                  <StateBadge state={item.state} whiteSpace="nowrap" />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{format.date(item.startDate)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{format.date(item.endDate)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {instalment.plan(item, item.currencyCode)?.first ??
                    instalment.perPeriod(item.instalment, item.billingPeriod, item.currencyCode)}
                  {item.periodInMonths !== null && (
                    <Text fontSize="xs" color="fg.muted" whiteSpace="normal">
                      {[
                        t('contracts.months', { count: item.periodInMonths }),
                        // A plan: how long the first amount runs and what follows; else a month's worth.
                        instalment.plan(item, item.currencyCode)?.then ??
                          instalment.monthly(item.monthlyInstalment, item.billingPeriod, item.currencyCode),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{item.ownerName}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The list on a phone: one card per contract; the reference code opens it. */
export function ContractCards({
  rows,
  loading,
  empty,
  selection,
}: {
  rows: ContractRow[];
  loading: boolean;
  empty: ReactNode;
  selection: Selection;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const instalment = useInstalmentFormat();
  if (loading)
    return (
      <Stack gap="3">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h="24" rounded="l2" />
        ))}
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Box bg="bg.panel" rounded="l2" borderWidth="1px" p="4">
        {empty}
      </Box>
    );
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {rows.map((row) => {
        const { item } = row;
        return (
          <Box
            as="li"
            key={item.contractId}
            bg="bg.panel"
            rounded="l2"
            borderWidth="1px"
            p="3"
            data-testid="contract-row"
          >
            <Flex justify="space-between" align="flex-start" gap="2">
              <Link to={contractPath(item.referenceCode)}>
                <Box as="span" fontWeight="semibold" color="brand.fg">
                  <CustomerName {...customerOf(row)} />
                </Box>
              </Link>
              {selection.enabled && (
                <SelectBox
                  checked={selection.selected.has(item.referenceCode)}
                  label={t('contracts.select', { referenceCode: item.referenceCode })}
                  onChange={(on) => selection.toggle(item.referenceCode, on)}
                />
              )}
            </Flex>
            <Flex justify="space-between" align="center" gap="2" mt="1" wrap="wrap">
              <StateBadge state={item.state} />
              <Text fontSize="xs" color="fg.muted">
                {item.referenceCode}
              </Text>
            </Flex>
            <Flex justify="space-between" gap="2" mt="2" fontSize="sm" wrap="wrap">
              <Text>
                {format.date(item.startDate)} – {format.date(item.endDate)}
              </Text>
              <Text>{instalment.instalment(item.instalment, item, item.currencyCode)}</Text>
            </Flex>
          </Box>
        );
      })}
    </Stack>
  );
}
