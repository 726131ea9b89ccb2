import { useTranslation } from 'react-i18next';
import type { BillingPeriod, ScheduleSegment } from '../../domain/calculation/billing';
import { useInstalmentFormat } from '../i18n/instalment';
import { Stack, Text } from './chakra';

/**
 * Runs of equal instalments, a line each by their numbers ("Instalments 4–35: €336.53 per
 * month"): a plan's schedule in the editor, what remains of it in a redemption offer.
 */
export function ScheduleRuns({
  schedule,
  billingPeriod,
  currency,
  testId,
}: {
  schedule: readonly ScheduleSegment[];
  billingPeriod: BillingPeriod;
  currency: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const format = useInstalmentFormat();
  return (
    <Stack gap="0" data-testid={testId}>
      {schedule.map((s) => (
        <Text key={s.fromInstallment}>
          {t(s.fromInstallment === s.toInstallment ? 'billing.scheduleOne' : 'billing.schedule', {
            from: s.fromInstallment,
            to: s.toInstallment,
            amount: format.perPeriod(s.totalInstallmentAmount, billingPeriod, currency),
          })}
        </Text>
      ))}
    </Stack>
  );
}
