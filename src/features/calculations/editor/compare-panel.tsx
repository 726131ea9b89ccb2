import {
  Box,
  Checkbox,
  HStack,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  checkboxSlotRecipe,
  tableSlotRecipe,
} from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaseFactorOf } from '../../../domain/calculation/amounts';
import { CALCULATION_DEFAULTS } from '../../../domain/calculation/defaults';
import type { ConditionList } from '../../../domain/calculation/schemas';
import { productNameOf } from '../../../domain/calculation/names';
import type { VariantSummary } from '../../../client/calculation/types';
import { useFormat } from '../../../client/format/format';

/** Up to four variants of the set side by side (portal specification, “Validation rules”: at most 4 compared). */
export function ComparePanel({
  variants,
  lists,
  currency,
}: {
  variants: VariantSummary[];
  lists: ConditionList[];
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const instalment = useInstalmentFormat();
  const max = CALCULATION_DEFAULTS.maxComparedVariants;
  const [picked, setPicked] = useState(() => variants.slice(0, max).map((v) => v.calculationVariantId));
  const format = useFormat();
  const money = (n: number | undefined) => format.amount(n, currency);
  const shown = variants.filter((v) => picked.includes(v.calculationVariantId));
  const label = (v: VariantSummary) => v.name || t('calculation.variants.variant', { n: v.position });

  const rows: { key: string; value: (v: VariantSummary) => string }[] = [
    {
      key: 'contractType',
      value: (v) => {
        const list = lists.find((l) => l.id === v.calculationVariant.conditionListId);
        return list ? productNameOf(list, i18n.language) : '–';
      },
    },
    { key: 'state', value: (v) => t(`states.${v.state}`) },
    { key: 'nav', value: (v) => money(selected(v)?.netAcquisitionValueAmount) },
    {
      key: 'period',
      value: (v) =>
        selected(v) ? t('calculation.results.months', { count: selected(v)!.periodInMonths }) : '–',
    },
    { key: 'net', value: (v) => money(selected(v)?.netAcquisitionInstallmentAmount) },
    {
      key: 'leaseFactor',
      value: (v) => {
        const row = selected(v);
        return row ? format.percent(leaseFactorOf(row)) : '–';
      },
    },
    { key: 'service', value: (v) => money(selected(v)?.serviceInstallmentAmount) },
    { key: 'damageWaiver', value: (v) => money(selected(v)?.damageWaiverAmount) },
    {
      key: 'total',
      value: (v) => {
        const row = selected(v);
        if (!row) return '–';
        return instalment.instalment(
          row.totalInstallmentAmount,
          row,
          currency,
          row.monthlyTotalInstallmentAmount,
        );
      },
    },
    { key: 'advancePayment', value: (v) => money(v.calculationVariant.advancePaymentAmount) },
    {
      key: 'paymentFrequency',
      value: (v) => t(`calculation.paymentFrequencies.${v.calculationVariant.paymentFrequency}`),
    },
    {
      key: 'objects',
      value: (v) =>
        String(
          v.calculationVariant.financingObjects.reduce((n, o) => n + o.quantity, 0) ||
            t('calculation.objects.generalObject'),
        ),
    },
  ];

  return (
    <Stack gap="3" data-testid="compare-panel">
      <HStack wrap="wrap" gap="4">
        {variants.map((v) => {
          const checked = picked.includes(v.calculationVariantId);
          return (
            <Checkbox.Root
              key={v.calculationVariantId}
              recipe={checkboxSlotRecipe}
              checked={checked}
              disabled={!checked && picked.length >= max}
              onCheckedChange={(e) =>
                setPicked((p) =>
                  e.checked
                    ? [...p, v.calculationVariantId]
                    : p.filter((id) => id !== v.calculationVariantId),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{label(v)}</Checkbox.Label>
            </Checkbox.Root>
          );
        })}
      </HStack>
      {picked.length >= max && variants.length > max && (
        <Text fontSize="sm" color="fg.muted">
          {t('calculation.variants.compareMax', { max })}
        </Text>
      )}
      <Box overflowX="auto">
        <Table.Root recipe={tableSlotRecipe} size="sm" showColumnBorder>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <VisuallyHidden>{t('calculation.variants.compareRowHeader')}</VisuallyHidden>
              </Table.ColumnHeader>
              {shown.map((v) => (
                <Table.ColumnHeader key={v.calculationVariantId} textAlign="end">
                  {label(v)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.key}>
                <Table.Cell fontWeight="medium">{t(`calculation.compare.${r.key}`)}</Table.Cell>
                {shown.map((v) => (
                  <Table.Cell key={v.calculationVariantId} textAlign="end">
                    {r.value(v)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

const selected = (v: VariantSummary) => v.calculationResults.find((r) => r.isSelected);
