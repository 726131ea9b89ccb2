import {
  Alert,
  Badge,
  Button,
  Flex,
  Heading,
  Stack,
  Text,
  useBreakpointValue,
} from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isForbidden, queueQuery, QUEUE_REFRESH_MS } from '../api/queries';
import { WARN_BEFORE_PROMISE_MINUTES } from '../components/age-badge';
import { ForbiddenNotice } from '../components/forbidden-notice';
import { ApplicationsSection } from '../components/applications-section';
import { SpecialCasesSection } from '../components/special-cases-section';
import { QueueList } from '../components/queue-list';
import { useNow } from '../components/use-now';
import { useFormat } from '../../../client/format/format';

/** Until the first answer the page explains the promise the server states (20 minutes). */
const DEFAULT_PROMISE_MINUTES = 20;

/**
 * /backoffice: the provider's underwriters' queue. Open requests oldest first, their age against
 * the promise of a decision within 20 minutes, and the approvals waiting for a bank guarantee.
 * Asks again every 15 seconds and on demand.
 */
export function QueuePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const openId = useId();
  const guaranteeId = useId();
  const query = useQuery(queueQuery());
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const now = useNow(QUEUE_REFRESH_MS);
  // The button shows its own refresh only, not the quiet one every 15 seconds.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void query.refetch().finally(() => setRefreshing(false));
  };

  if (isForbidden(query.error)) return <ForbiddenNotice />;

  const { data } = query;
  const promiseMinutes = data?.promiseMinutes ?? DEFAULT_PROMISE_MINUTES;
  const sinceAnswer = query.dataUpdatedAt ? Math.max(0, Math.floor((now - query.dataUpdatedAt) / 60_000)) : 0;
  const loading = query.isPending;
  const updatedAt = query.dataUpdatedAt ? format.time(query.dataUpdatedAt) : '';
  const late = data?.open.filter((i) => i.ageMinutes + sinceAnswer > promiseMinutes).length ?? 0;

  return (
    <Stack gap="6" maxW="7xl">
      <Flex justify="space-between" align="flex-start" wrap="wrap" gap="3">
        {/* The text takes what the refresh controls leave; they stay together at the end. */}
        <Stack gap="1" flex="1" minW="72" maxW="3xl">
          <Heading as="h1" size="2xl">
            {t('backoffice.queue.title')}
          </Heading>
          <Text color="fg.muted">
            {t('backoffice.queue.promise', {
              minutes: promiseMinutes,
              warn: promiseMinutes - WARN_BEFORE_PROMISE_MINUTES,
            })}
          </Text>
        </Stack>
        <Stack gap="1" flexShrink={0} align={{ base: 'flex-start', md: 'flex-end' }}>
          <Button
            size="sm"
            variant="outline"
            loading={refreshing}
            loadingText={t('backoffice.queue.refreshing')}
            onClick={refresh}
            data-testid="backoffice-refresh"
          >
            {t('backoffice.queue.refresh')}
          </Button>
          {updatedAt && (
            <Text fontSize="xs" color="fg.muted">
              {t('backoffice.queue.updatedAt', { time: updatedAt, seconds: QUEUE_REFRESH_MS / 1000 })}
            </Text>
          )}
        </Stack>
      </Flex>

      {query.isError && !data && (
        <Alert.Root status="error" data-testid="backoffice-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('backoffice.queue.loadFailed')}</Alert.Title>
            <Alert.Description>{t('backoffice.queue.loadFailedText')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" alignSelf="center" loading={query.isFetching} onClick={refresh}>
            {t('backoffice.retry')}
          </Button>
        </Alert.Root>
      )}
      {query.isError && data && (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('backoffice.queue.stale', { time: updatedAt })}</Alert.Title>
        </Alert.Root>
      )}

      {(data || loading) && (
        <>
          <Stack as="section" gap="3" aria-labelledby={openId}>
            <Flex align="center" gap="3" wrap="wrap">
              <Heading as="h2" size="lg" id={openId}>
                {t('backoffice.queue.open')}
              </Heading>
              {data && (
                <Badge colorPalette="gray" variant="subtle" data-testid="open-count" aria-live="polite">
                  {t('backoffice.queue.count', { count: data.open.length })}
                </Badge>
              )}
              {late > 0 && (
                <Badge colorPalette="red" variant="solid" aria-live="polite">
                  {t('backoffice.queue.lateCount', { count: late })}
                </Badge>
              )}
            </Flex>
            <QueueList
              items={data?.open ?? []}
              loading={loading}
              kind="open"
              promiseMinutes={promiseMinutes}
              sinceAnswer={sinceAnswer}
              labelledBy={openId}
              phone={phone}
              empty={
                <Stack gap="1" py="2" data-testid="open-empty">
                  <Text fontWeight="medium">{t('backoffice.queue.noOpen')}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('backoffice.queue.noOpenText')}
                  </Text>
                </Stack>
              }
            />
          </Stack>

          <Stack as="section" gap="3" aria-labelledby={guaranteeId}>
            <Flex align="center" gap="3" wrap="wrap">
              <Heading as="h2" size="lg" id={guaranteeId}>
                {t('backoffice.queue.guarantees')}
              </Heading>
              {data && (
                <Badge colorPalette="gray" variant="subtle">
                  {t('backoffice.queue.count', { count: data.awaitingGuarantee.length })}
                </Badge>
              )}
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              {t('backoffice.queue.guaranteesText')}
            </Text>
            <QueueList
              items={data?.awaitingGuarantee ?? []}
              loading={loading}
              kind="guarantee"
              promiseMinutes={promiseMinutes}
              sinceAnswer={sinceAnswer}
              labelledBy={guaranteeId}
              phone={phone}
              empty={
                <Text py="2" data-testid="guarantee-empty">
                  {t('backoffice.queue.noGuarantees')}
                </Text>
              }
            />
          </Stack>
          <SpecialCasesSection />
          <ApplicationsSection />
        </>
      )}
    </Stack>
  );
}

export const Component = QueuePage;
