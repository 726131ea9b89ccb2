import { Checkbox, Stack, Text, checkboxSlotRecipe } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import type { VariantProperties } from '../../../client/calculation/types';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import { MAX_OFFER_PERIODS } from '../../../domain/calculation/requests';

/**
 * The periods an offer shows, each with its instalment, up to MAX_OFFER_PERIODS: the offer's
 * dialog and the link's. A group, not a Field: a Field would give every checkbox the same input id.
 */
export function OfferPeriods({
  variant,
  value,
  onChange,
  testId,
}: {
  variant: VariantProperties;
  value: number[];
  onChange: (periods: number[]) => void;
  /** Names the group (`{testId}s`) and each box (`{testId}-{months}`). */
  testId: string;
}) {
  const { t } = useTranslation();
  const instalment = useInstalmentFormat();
  const toggle = (p: number, on: boolean) =>
    onChange(on ? [...value, p].sort((a, b) => a - b) : value.filter((x) => x !== p));
  return (
    <Stack gap="2" role="group" aria-labelledby={`${testId}s`}>
      <Text id={`${testId}s`} fontWeight="medium" fontSize="sm">
        {t('offer.periods', { max: MAX_OFFER_PERIODS })}
      </Text>
      {variant.calculationResults.map((r) => (
        <Checkbox.Root
          key={r.periodInMonths}
          recipe={checkboxSlotRecipe}
          checked={value.includes(r.periodInMonths)}
          disabled={!value.includes(r.periodInMonths) && value.length >= MAX_OFFER_PERIODS}
          onCheckedChange={(e) => toggle(r.periodInMonths, e.checked === true)}
          data-testid={`${testId}-${r.periodInMonths}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {t('offer.periodRow', {
              months: t('calculation.results.months', { count: r.periodInMonths }),
              instalment: instalment.instalment(r.totalInstallmentAmount, r, variant.currencyCode),
            })}
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}
