import { Badge, Button, Group, HStack, SimpleGrid, Spinner, Text } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import type { Editor } from './use-editor';
import { TextField } from '../../../client/ui/form-fields';
import { Notice, useClosed } from '../../../client/ui/notice';
import { PlanSchedule, ResultsTable } from './results-table';
import { Tile } from './tile';
import { ACTION_VALIDATION } from './use-calculation';

/** Basic calculation: NAV or instalment based input, the results and the selected period. */
export function BasicTile({ ed, readOnly, currency }: { ed: Editor; readOnly: boolean; currency: string }) {
  const { t } = useTranslation();
  const { draft, update, calc } = ed;
  const selectedRow = calc.results.find((r) => r.periodInMonths === draft.periodInMonths);
  const stale = !calc.upToDate;
  // Closing a notice hides it for this failure or this period only.
  const [failureClosed, closeFailure] = useClosed(calc.failure?.correlationId);
  const [softLimitClosed, closeSoftLimit] = useClosed(
    selectedRow?.periodLimit === 'soft' ? String(selectedRow.periodInMonths) : undefined,
  );
  return (
    <Tile id="basic" title={t('calculation.tiles.basic')} span>
      <Group attached role="radiogroup" aria-label={t('calculation.fields.basis')} alignSelf="flex-start">
        {([true, false] as const).map((navBased) => (
          <Button
            key={String(navBased)}
            role="radio"
            size="sm"
            aria-checked={draft.navBasedCalculation === navBased}
            variant={draft.navBasedCalculation === navBased ? 'solid' : 'outline'}
            colorPalette="brand"
            disabled={readOnly}
            onClick={() => update({ navBasedCalculation: navBased, inputValue: '' })}
          >
            {t(navBased ? 'calculation.fields.navBased' : 'calculation.fields.instalmentBased')}
          </Button>
        ))}
      </Group>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
        <TextField
          name="inputValue"
          label={t(draft.navBasedCalculation ? 'calculation.fields.nav' : 'calculation.fields.instalment')}
          value={draft.inputValue}
          numeric
          required
          disabled={readOnly}
          error={ed.err('inputValue')}
          helper={currency}
          onChange={(inputValue) => update({ inputValue })}
          onTouch={ed.touch}
        />
        <TextField
          name="name"
          label={t('calculation.fields.name')}
          value={draft.name}
          maxLength={100}
          disabled={readOnly}
          onChange={(name) => update({ name })}
          onTouch={ed.touch}
        />
      </SimpleGrid>
      <HStack justify="space-between" minH="6" aria-live="polite">
        <Text fontWeight="semibold">{t('calculation.results.title')}</Text>
        {calc.status === 'calculating' && (
          <HStack fontSize="sm" color="fg.muted">
            <Spinner size="xs" /> {t('calculation.results.calculating')}
          </HStack>
        )}
        {calc.status !== 'calculating' && calc.status !== 'failed' && stale && calc.results.length > 0 && (
          <Badge colorPalette="orange" data-testid="changed-flag">
            {t('calculation.results.changed')}
          </Badge>
        )}
        {calc.indicative && calc.upToDate && (
          <Badge
            colorPalette="purple"
            data-testid="indicative"
            title={t('calculation.results.indicativeHint')}
          >
            {t('calculation.results.indicative')}
          </Badge>
        )}
        {calc.status === 'failed' && (
          <Badge colorPalette="red" data-testid="failed-flag">
            {t('calculation.results.failed')}
          </Badge>
        )}
      </HStack>
      {calc.failure && !failureClosed && (
        <Notice
          status="error"
          testId="calculation-failed"
          title={t('calculation.results.failedTitle')}
          correlationId={calc.failure.correlationId}
          action={{ label: t('calculation.results.retry'), onClick: calc.retry }}
          onClose={closeFailure}
        />
      )}
      {calc.refusal && (
        <Notice
          status="error"
          testId="calculation-refused"
          title={t(
            calc.refusal.title === ACTION_VALIDATION
              ? 'calculation.results.refusedTitle'
              : 'calculation.results.unknownErrorTitle',
          )}
          correlationId={calc.refusal.correlationId}
        >
          {calc.refusal.keys.includes('instalmentTooSmall')
            ? t('calculation.errors.instalmentTooSmall')
            : t('calculation.results.unknownErrorDescription')}
        </Notice>
      )}
      {!calc.valid && <MissingInputs errors={calc.errors} navBased={draft.navBasedCalculation} />}
      <ResultsTable
        rows={calc.results}
        selected={draft.periodInMonths}
        onSelect={(periodInMonths) => update({ periodInMonths })}
        showNav={!draft.navBasedCalculation}
        currency={currency}
        stale={stale}
        disabled={readOnly}
      />
      <PlanSchedule row={selectedRow} currency={currency} />
      {ed.err('periodInMonths') && (
        <Text color="fg.error" fontSize="sm">
          {t(`calculation.errors.${ed.err('periodInMonths')}`)}
        </Text>
      )}
      {selectedRow?.periodLimit === 'soft' && !softLimitClosed && (
        <Notice
          status="warning"
          testId="soft-limit"
          title={t('calculation.results.softLimitNotice')}
          onClose={closeSoftLimit}
        />
      )}
      {selectedRow?.periodLimit === 'hard' && (
        <Notice status="error" testId="hard-limit" title={t('calculation.results.hardLimitNotice')} />
      )}
    </Tile>
  );
}

/** Which inputs still keep the calculation from running, by their labels. */
const LABELS: Record<string, string> = {
  inputValue: 'calculation.fields.nav',
  productId: 'calculation.fields.contractType',
  advancePaymentAmount: 'calculation.fields.advancePayment',
  securityDepositAmount: 'calculation.fields.securityDeposit',
  handlingFeeAmount: 'calculation.fields.handlingFee',
  recurringServiceAmount: 'calculation.fields.recurringService',
  customServiceLevelAgreement: 'calculation.fields.sla',
  generalObjectType: 'calculation.objects.generalObject',
  financingObjects: 'calculation.tiles.object',
};

function MissingInputs({ errors, navBased }: { errors: Record<string, string>; navBased: boolean }) {
  const { t } = useTranslation();
  // The input value is the NAV or the instalment, as the calculation is based.
  const labels: Record<string, string> = {
    ...LABELS,
    inputValue: navBased ? 'calculation.fields.nav' : 'calculation.fields.instalment',
  };
  const names = [
    ...new Set(Object.keys(errors).map((k) => (k.startsWith('financingObjects.') ? 'financingObjects' : k))),
  ].map((k) => t(labels[k] ?? 'calculation.tiles.object'));
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="missing-inputs">
      {t('calculation.results.missing', { fields: names.join(', ') })}
    </Text>
  );
}
