import { Alert, Button, Flex, Heading, Stack, Text } from '../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedProfileId } from '../../client/profile/selection';
import { ActionLists } from './action-lists';
import { dashboardQuery } from './api/queries';
import { CategoryCounts } from './category-counts';
import { DashboardSkeleton } from './dashboard-skeleton';
import { VolumeChart } from './volume-chart';

/**
 * The start screen's content below its ways in (a lazy chunk): counts per state category, the
 * calculations waiting for the user and the volume of the last 12 months, of the selected
 * brand. Offline the persisted answer shows; a failure without one offers a retry.
 */
export function DashboardContent() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery(dashboardQuery(useSelectedProfileId()));
  // An answer renders in the background, in slices a phone can interrupt (docs/architecture.md,
  // “Rendering on a phone”): the skeleton stays until it is done. On mount too (the initial
  // value): a returning user's stored answer is there at once.
  const data = useDeferredValue(query.data, null) ?? undefined;

  if (query.isPending || (query.data && !data)) return <DashboardSkeleton />;
  if (!data)
    return (
      <Alert.Root status="error" data-testid="dashboard-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('dashboard.loadFailed')}</Alert.Title>
          <Alert.Description>{t('dashboard.loadFailedText')}</Alert.Description>
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          alignSelf="center"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('dashboard.retry')}
        </Button>
      </Alert.Root>
    );

  const d = data;
  return (
    <Stack as="section" gap="6" aria-labelledby={headingId} data-testid="dashboard">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Heading as="h2" size="xl" id={headingId}>
          {t('dashboard.title')}
        </Heading>
        {query.isError && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {t('dashboard.stale')}
          </Text>
        )}
      </Flex>
      <CategoryCounts counts={d.counts} />
      <ActionLists actionItems={d.actionItems} offerLinks={d.offerLinks} />
      <VolumeChart volume={d.volume} currencyCode={d.currencyCode} />
    </Stack>
  );
}
