import { Box, Table, Text, tableSlotRecipe } from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CustomerName } from '../../../client/ui/customer-name';
import { StateBadge } from '../../../client/ui/state-badge';
import type { SortField } from '../../../domain/calculation/list';
import type { CalculationRow, ListParams } from '../api/list-queries';
import { useFormat } from '../../../client/format/format';
import { editorPath, ListRowActions } from './list-row-actions';
import { SortableHeader, TableStatusRows } from '../../../client/ui/list-table';

const COLUMNS = 7;

/** The list as a table (tablet and up, and print); a row opens the editor. */
export function ListTable({
  rows,
  loading,
  params,
  onSort,
  empty,
}: {
  rows: CalculationRow[];
  loading: boolean;
  params: ListParams;
  onSort: (column: SortField) => void;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const instalment = useInstalmentFormat();
  const sortable = (column: SortField) => (
    <SortableHeader
      column={column}
      label={t(`calculationList.columns.${column}`)}
      sortBy={params.sortBy}
      sortDirection={params.sortDirection}
      onSort={onSort}
    />
  );

  return (
    <Box
      overflowX="auto"
      bg="bg.panel"
      rounded="l2"
      borderWidth="1px"
      css={{ '@media print': { overflow: 'visible' } }}
    >
      <Table.Root recipe={tableSlotRecipe} size="sm" interactive={rows.length > 0}>
        <Table.Header>
          <Table.Row>
            {sortable('lastEdited')}
            {sortable('applicantName')}
            {sortable('state')}
            <Table.ColumnHeader textAlign="end">
              {t('calculationList.columns.netAcquisitionValueAmount')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t('calculationList.columns.totalInstallmentAmount')}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('calculationList.columns.ownerName')}</Table.ColumnHeader>
            <Table.ColumnHeader className="no-print">
              <Text srOnly>{t('calculationList.actions.label')}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <TableStatusRows loading={loading} count={rows.length} columns={COLUMNS} empty={empty} />
          {rows.map((row) => {
            const { item } = row;
            return (
              <Table.Row
                key={item.calculationSetId}
                cursor="pointer"
                onClick={() => void navigate(editorPath(item))}
                data-testid="calculation-row"
              >
                <Table.Cell whiteSpace="nowrap">{format.dateTime(item.lastEdited)}</Table.Cell>
                <Table.Cell minW="48">
                  <Link to={editorPath(item)} onClick={(e) => e.stopPropagation()}>
                    <Box
                      as="span"
                      fontWeight="medium"
                      color="brand.fg"
                      _hover={{ textDecoration: 'underline' }}
                    >
                      <CustomerName {...item} />
                    </Box>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <StateBadge state={item.state} whiteSpace="nowrap" />
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {format.amount(item.netAcquisitionValueAmount, item.currencyCode)}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {item.totalInstallmentAmount === null
                    ? '–'
                    : (instalment.plan(item, item.currencyCode)?.first ??
                      instalment.perPeriod(
                        item.totalInstallmentAmount,
                        item.billingPeriod,
                        item.currencyCode,
                      ))}
                  {item.periodInMonths !== null && (
                    <Text fontSize="xs" color="fg.muted" whiteSpace="normal">
                      {[
                        t('calculationList.months', { count: item.periodInMonths }),
                        // A plan: how long the first amount runs and what follows; else a month's worth.
                        instalment.plan(item, item.currencyCode)?.then ??
                          instalment.monthly(
                            item.monthlyTotalInstallmentAmount,
                            item.billingPeriod,
                            item.currencyCode,
                          ),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{item.ownerName}</Table.Cell>
                {/* The menu and its dialog are portals, whose clicks React passes up the
                    component tree: they stay out of the row's. */}
                <Table.Cell className="no-print" textAlign="end" w="1" onClick={(e) => e.stopPropagation()}>
                  <ListRowActions row={row} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
