import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';
import { useTranslation } from 'react-i18next';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import type { ResultRow } from '../../../domain/calculation/schemas';

/**
 * One row per period: net, service, damage waiver and total instalment per billing period (the
 * monthly equivalent beside a quarterly or daily total), with the period-limit notices. Rows are
 * radio choices; a row above the hard limit cannot be selected.
 */
export function ResultsTable({
  rows,
  selected,
  onSelect,
  showNav,
  currency,
  stale,
  disabled,
}: {
  rows: ResultRow[];
  selected: number | null;
  onSelect: (period: number) => void;
  showNav: boolean;
  currency: string;
  stale: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const format = useInstalmentFormat();
  if (rows.length === 0) return null;
  const period = rows[0]!.billingPeriod;
  return (
    <Box overflowX="auto" opacity={stale ? 0.55 : 1} transition="opacity 0.15s" data-testid="results">
      <Text fontSize="sm" color="fg.muted" mb="1" data-testid="billing-period">
        {t('billing.amountsPer', { period: format.periodName(period) })}
      </Text>
      <Table.Root
        recipe={tableSlotRecipe}
        size="sm"
        role="radiogroup"
        aria-label={t('calculation.results.title')}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('calculation.results.period')}</Table.ColumnHeader>
            {showNav && (
              <Table.ColumnHeader textAlign="end">{t('calculation.results.nav')}</Table.ColumnHeader>
            )}
            <Table.ColumnHeader textAlign="end">{t('calculation.results.net')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('calculation.results.service')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('calculation.results.damageWaiver')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('calculation.results.total')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => {
            const isSelected = r.periodInMonths === selected;
            const blocked = r.periodLimit === 'hard' || disabled;
            return (
              <Table.Row
                key={r.periodInMonths}
                role="radio"
                aria-checked={isSelected}
                aria-disabled={blocked}
                tabIndex={blocked ? -1 : 0}
                cursor={blocked ? 'not-allowed' : 'pointer'}
                bg={isSelected ? 'brand.subtle' : undefined}
                fontWeight={isSelected ? 'semibold' : undefined}
                color={r.periodLimit === 'hard' ? 'fg.subtle' : undefined}
                onClick={() => !blocked && onSelect(r.periodInMonths)}
                onKeyDown={(e) => {
                  if (!blocked && (e.key === ' ' || e.key === 'Enter')) {
                    e.preventDefault();
                    onSelect(r.periodInMonths);
                  }
                }}
                data-testid={`result-${r.periodInMonths}`}
              >
                <Table.Cell whiteSpace="nowrap">
                  {t('calculation.results.months', { count: r.periodInMonths })}
                  {r.default && (
                    <Badge ml="2" size="sm" variant="outline">
                      {t('calculation.results.default')}
                    </Badge>
                  )}
                  {r.periodLimit && (
                    <Badge ml="2" size="sm" colorPalette={r.periodLimit === 'hard' ? 'red' : 'orange'}>
                      {t(`calculation.results.${r.periodLimit}Limit`)}
                    </Badge>
                  )}
                </Table.Cell>
                {showNav && (
                  <Table.Cell textAlign="end">
                    {format.money(r.netAcquisitionValueAmount, currency)}
                  </Table.Cell>
                )}
                <Table.Cell textAlign="end">
                  {format.money(r.netAcquisitionInstallmentAmount, currency)}
                </Table.Cell>
                <Table.Cell textAlign="end">{format.money(r.serviceInstallmentAmount, currency)}</Table.Cell>
                <Table.Cell textAlign="end">{format.money(r.damageWaiverAmount, currency)}</Table.Cell>
                <Table.Cell textAlign="end" data-testid="total">
                  {format.money(r.totalInstallmentAmount, currency)}
                  {format.monthly(r.monthlyTotalInstallmentAmount, r.billingPeriod, currency) && (
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal" data-testid="monthly-equivalent">
                      {format.monthly(r.monthlyTotalInstallmentAmount, r.billingPeriod, currency)}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The instalments of a payment plan for the chosen period, in runs of equal ones. */
export function PlanSchedule({ row, currency }: { row: ResultRow | undefined; currency: string }) {
  const { t } = useTranslation();
  const format = useInstalmentFormat();
  if (!row?.schedule.length) return null;
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="plan-schedule">
      <Text fontWeight="semibold">{t('billing.scheduleTitle')}</Text>
      {row.schedule.map((s) => (
        <Text key={s.fromInstallment}>
          {t(s.fromInstallment === s.toInstallment ? 'billing.scheduleOne' : 'billing.schedule', {
            from: s.fromInstallment,
            to: s.toInstallment,
            amount: format.perPeriod(s.totalInstallmentAmount, row.billingPeriod, currency),
          })}
        </Text>
      ))}
    </Stack>
  );
}
