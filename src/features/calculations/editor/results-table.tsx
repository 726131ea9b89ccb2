import {
  Badge,
  Box,
  type BoxProps,
  chakra,
  Stack,
  Table,
  Text,
  useBreakpointValue,
  tableSlotRecipe,
} from '../../../client/ui/chakra';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleRuns } from '../../../client/ui/schedule-runs';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import type { ResultRow } from '../../../domain/calculation/schemas';

interface ResultsProps {
  rows: ResultRow[];
  selected: number | null;
  onSelect: (period: number) => void;
  showNav: boolean;
  currency: string;
  stale: boolean;
  disabled: boolean;
}

/**
 * The results, one per period: net, service, damage waiver and total instalment per billing
 * period (the monthly equivalent beside a quarterly or daily total; with a payment plan the first
 * amount and what follows instead, docs/domain.md "Payment plans"), with the period-limit
 * notices. A table from md up; below, where the columns would not fit, a card per period with
 * the period and the total first. The period is chosen with a radio button in either (arrow
 * keys move between them); a period above the hard limit cannot be chosen.
 */
export function ResultsTable(props: ResultsProps) {
  const { t } = useTranslation();
  const format = useInstalmentFormat();
  const narrow = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  if (props.rows.length === 0) return null;
  return (
    <Box opacity={props.stale ? 0.55 : 1} transition="opacity 0.15s" data-testid="results">
      <Text fontSize="sm" color="fg.muted" mb="1" data-testid="billing-period">
        {t('billing.amountsPer', { period: format.periodName(props.rows[0]!.billingPeriod) })}
      </Text>
      {narrow ? <ResultCards {...props} /> : <ResultRows {...props} />}
    </Box>
  );
}

function ResultRows({ rows, selected, onSelect, showNav, currency, disabled }: ResultsProps) {
  const { t } = useTranslation();
  const format = useInstalmentFormat();
  const name = useId();
  const end = { textAlign: 'end' } as const;
  return (
    <Box overflowX="auto">
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label={t('calculation.results.title')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('calculation.results.period')}</Table.ColumnHeader>
            {showNav && <Table.ColumnHeader {...end}>{t('calculation.results.nav')}</Table.ColumnHeader>}
            <Table.ColumnHeader {...end}>{t('calculation.results.net')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('calculation.results.service')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('calculation.results.damageWaiver')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('calculation.results.total')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => {
            const isSelected = r.periodInMonths === selected;
            const blocked = r.periodLimit === 'hard' || disabled;
            return (
              <Table.Row
                key={r.periodInMonths}
                cursor={blocked ? 'not-allowed' : 'pointer'}
                bg={isSelected ? 'brand.subtle' : undefined}
                fontWeight={isSelected ? 'semibold' : undefined}
                color={r.periodLimit === 'hard' ? 'fg.muted' : undefined}
                onClick={() => !blocked && onSelect(r.periodInMonths)}
                data-testid={`result-${r.periodInMonths}`}
              >
                <Table.Cell whiteSpace="nowrap">
                  <chakra.label display="flex" alignItems="center" gap="2" cursor="inherit">
                    <PeriodRadio
                      name={name}
                      row={r}
                      checked={isSelected}
                      blocked={blocked}
                      onSelect={onSelect}
                    />
                    <PeriodName row={r} />
                    <PeriodBadges row={r} />
                  </chakra.label>
                </Table.Cell>
                {showNav && (
                  <Table.Cell {...end}>{format.money(r.netAcquisitionValueAmount, currency)}</Table.Cell>
                )}
                <Table.Cell {...end}>{format.money(r.netAcquisitionInstallmentAmount, currency)}</Table.Cell>
                <Table.Cell {...end}>{format.money(r.serviceInstallmentAmount, currency)}</Table.Cell>
                <Table.Cell {...end}>{format.money(r.damageWaiverAmount, currency)}</Table.Cell>
                <Table.Cell {...end} data-testid="total">
                  {format.plan(r, currency)?.first ?? format.money(r.totalInstallmentAmount, currency)}
                  <AmountNote row={r} currency={currency} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function ResultCards({ rows, selected, onSelect, showNav, currency, disabled }: ResultsProps) {
  const { t } = useTranslation();
  const format = useInstalmentFormat();
  const name = useId();
  return (
    <Stack as="fieldset" gap="2">
      <chakra.legend srOnly>{t('calculation.results.title')}</chakra.legend>
      {rows.map((r) => {
        const isSelected = r.periodInMonths === selected;
        const blocked = r.periodLimit === 'hard' || disabled;
        const part = (label: string, amount: number) => `${t(label)} ${format.money(amount, currency)}`;
        return (
          <chakra.label
            key={r.periodInMonths}
            display="grid"
            gridTemplateColumns="auto 1fr auto"
            alignItems="center"
            columnGap="3"
            rowGap="0.5"
            px="3"
            py="2"
            rounded="md"
            borderWidth="2px"
            borderColor={isSelected ? 'brand.solid' : 'border'}
            bg={isSelected ? 'brand.subtle' : 'bg.panel'}
            color={r.periodLimit === 'hard' ? 'fg.muted' : undefined}
            cursor={blocked ? 'not-allowed' : 'pointer'}
            data-testid={`result-${r.periodInMonths}`}
          >
            <PeriodRadio name={name} row={r} checked={isSelected} blocked={blocked} onSelect={onSelect} />
            <Box>
              <Text fontWeight="semibold" whiteSpace="nowrap">
                <PeriodName row={r} />
              </Text>
              <PeriodBadges row={r} flexWrap="wrap" mt="1" />
            </Box>
            <Box textAlign="end" data-testid="total">
              <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap" data-testid="headline">
                {format.plan(r, currency)?.first ?? format.money(r.totalInstallmentAmount, currency)}
              </Text>
              {!format.plan(r, currency) && (
                <Text fontSize="xs" color="fg.muted">
                  {format.periodName(r.billingPeriod)}
                </Text>
              )}
              <AmountNote row={r} currency={currency} />
            </Box>
            <Text gridColumn="2 / -1" fontSize="xs" color="fg.muted">
              {[
                ...(showNav ? [part('calculation.results.nav', r.netAcquisitionValueAmount)] : []),
                part('calculation.results.net', r.netAcquisitionInstallmentAmount),
                part('calculation.results.service', r.serviceInstallmentAmount),
                part('calculation.results.damageWaiver', r.damageWaiverAmount),
              ].join(' · ')}
            </Text>
          </chakra.label>
        );
      })}
    </Stack>
  );
}

function PeriodRadio({
  name,
  row,
  checked,
  blocked,
  onSelect,
}: {
  name: string;
  row: ResultRow;
  checked: boolean;
  blocked: boolean;
  onSelect: (period: number) => void;
}) {
  return (
    <chakra.input
      type="radio"
      name={name}
      value={row.periodInMonths}
      checked={checked}
      disabled={blocked}
      onChange={() => onSelect(row.periodInMonths)}
      boxSize="5"
      accentColor="brand.solid"
      cursor="inherit"
    />
  );
}

function PeriodName({ row }: { row: ResultRow }) {
  const { t } = useTranslation();
  return <>{t('calculation.results.months', { count: row.periodInMonths })}</>;
}

/** The default and period-limit marks of a period. */
function PeriodBadges({ row, ...rest }: { row: ResultRow } & BoxProps) {
  const { t } = useTranslation();
  if (!row.default && !row.periodLimit) return null;
  return (
    <Box as="span" display="inline-flex" gap="2" {...rest}>
      {row.default && (
        <Badge size="sm" variant="outline">
          {t('calculation.results.default')}
        </Badge>
      )}
      {row.periodLimit && (
        <Badge size="sm" colorPalette={row.periodLimit === 'hard' ? 'red' : 'orange'}>
          {t(`calculation.results.${row.periodLimit}Limit`)}
        </Badge>
      )}
    </Box>
  );
}

/**
 * Under the headline amount: with a plan, how long the first amount runs and what follows (the
 * level total is never charged); else what a quarterly or daily total is a month.
 */
function AmountNote({ row, currency }: { row: ResultRow; currency: string }) {
  const format = useInstalmentFormat();
  const plan = format.plan(row, currency);
  const monthly = format.monthly(row.monthlyTotalInstallmentAmount, row.billingPeriod, currency);
  if (!plan && !monthly) return null;
  return (
    <Text
      fontSize="xs"
      color="fg.muted"
      fontWeight="normal"
      data-testid={plan ? 'plan-then' : 'monthly-equivalent'}
    >
      {plan?.then ?? monthly}
    </Text>
  );
}

/**
 * The chosen period and what it costs, for the editor's sticky save bar: on a phone the cards run
 * for screens, and this keeps the choice in view while they scroll.
 */
export function ChosenPeriod({
  row,
  currency,
  stale,
}: {
  row: ResultRow | undefined;
  currency: string;
  /** A recalculation is under way or failed: the amount is dimmed as the results are. */
  stale: boolean;
}) {
  const { t } = useTranslation();
  const format = useInstalmentFormat();
  if (!row) return null;
  const plan = format.plan(row, currency);
  return (
    <Box minW="0" lineHeight="short" opacity={stale ? 0.55 : 1} data-testid="chosen-period">
      <Text fontSize="xs" color="fg.muted">
        {t('calculation.results.months', { count: row.periodInMonths })}
      </Text>
      <Text fontSize="sm" fontWeight="semibold" truncate>
        {plan?.first ?? format.perPeriod(row.totalInstallmentAmount, row.billingPeriod, currency)}
        {/* A phone's bar has room for the first amount; the card above says what follows. */}
        {plan && (
          <Text as="span" hideBelow="md" fontSize="xs" fontWeight="normal" color="fg.muted">
            {` ${plan.then}`}
          </Text>
        )}
      </Text>
    </Box>
  );
}

/** The instalments of a payment plan for the chosen period, in runs of equal ones. */
export function PlanSchedule({ row, currency }: { row: ResultRow | undefined; currency: string }) {
  const { t } = useTranslation();
  if (!row?.schedule.length) return null;
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="plan-schedule">
      <Text fontWeight="semibold">{t('billing.scheduleTitle')}</Text>
      <ScheduleRuns schedule={row.schedule} billingPeriod={row.billingPeriod} currency={currency} />
    </Stack>
  );
}
