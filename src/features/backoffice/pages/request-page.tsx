import { BackArrow } from '../../../client/ui/icons';
import { Alert, Button, Flex, Grid, Heading, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { StateBadge } from '../../../client/ui/state-badge';
import { findAction } from '../../../domain/hypermedia';
import { backofficeKeys, isForbidden, isNotFound, requestQuery } from '../api/queries';
import type { Queue } from '../api/types';
import { DecisionForm } from '../components/decision-form';
import { DecisionSummary } from '../components/decision-summary';
import { ForbiddenNotice } from '../components/forbidden-notice';
import { useBackofficeFormat } from '../components/format';
import { GuaranteePanel } from '../components/guarantee-panel';
import { usePageSubject } from '../../../client/page-subject';
import {
  CustomerSection,
  FinancingSection,
  QuoteNoteSection,
  RulesSection,
  SupplierSection,
} from '../components/request-details';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
      <Link to="/backoffice" data-testid="backoffice-back">
        <BackArrow /> {t('backoffice.request.back')}
      </Link>
    </Button>
  );
}

/**
 * /backoffice/requests/{requestId}: one request with what the decision needs (customer, supplier,
 * objects, financing, the partner's note, the rules' proposal and what they miss) and the
 * decision, the guarantee's arrival, or what was decided.
 */
export function RequestPage() {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  const { requestId = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...requestQuery(requestId),
    // A decision must start from the request as it is now, not from the cache.
    refetchOnMount: navigator.onLine ? 'always' : false,
  });
  const [conflict, setConflict] = useState(false);
  const [forbidden, setForbidden] = useState(false);
  usePageSubject(query.data?.properties.applicant?.name);

  if (forbidden || isForbidden(query.error)) return <ForbiddenNotice />;
  if (query.isPending)
    return (
      <Stack gap="4" maxW="7xl" aria-busy="true" data-testid="request-loading">
        <Skeleton h="6" w="40" />
        <Skeleton h="10" w="80" />
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4">
          <Stack gap="4">
            <Skeleton h="64" />
            <Skeleton h="32" />
          </Stack>
          <Skeleton h="80" />
        </Grid>
      </Stack>
    );
  if (isNotFound(query.error))
    return (
      <Stack gap="4" maxW="3xl">
        <BackLink />
        <Alert.Root status="warning" data-testid="request-not-found">
          <Alert.Indicator />
          <Alert.Title>{t('backoffice.request.notFound')}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  if (!query.data)
    return (
      <Stack gap="4" maxW="3xl">
        <BackLink />
        <Alert.Root status="error" data-testid="request-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('backoffice.request.loadFailed')}</Alert.Title>
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            alignSelf="center"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('backoffice.retry')}
          </Button>
        </Alert.Root>
      </Stack>
    );

  const entity = query.data;
  const request = entity.properties;
  const decide = findAction(entity, 'decide');
  const guarantee = findAction(entity, 'guarantee-received');
  // Partner and brand come with the queue; the request names them by id.
  const listed = queryClient
    .getQueryData<Queue>(backofficeKeys.queue())
    ?.open.concat(queryClient.getQueryData<Queue>(backofficeKeys.queue())?.awaitingGuarantee ?? [])
    .find((i) => i.id === request.id);
  const handlers = {
    onConflict: () => {
      setConflict(true);
      void query.refetch();
    },
    onForbidden: () => setForbidden(true),
  };

  return (
    <Stack gap="5" maxW="7xl" data-testid="backoffice-request" data-state={request.state}>
      <BackLink />
      <Stack gap="2">
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {request.applicant?.name || t('backoffice.noCustomerName')}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap" fontSize="sm" color="fg.muted">
          <StateBadge state={request.state} data-testid="request-state" />
          <Text>{t('backoffice.request.requestedAt', { date: format.dateTime(request.requestedAt) })}</Text>
          <Text>
            {listed
              ? t('backoffice.request.partner', { partner: listed.partnerName, brand: listed.brandName })
              : t('backoffice.request.partner', { partner: request.partnerId, brand: request.brandId })}
          </Text>
        </Flex>
      </Stack>

      {conflict && (
        <Alert.Root status="warning" role="alert" data-testid="decided-meanwhile">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('backoffice.request.conflict')}</Alert.Title>
            <Alert.Description>{t('backoffice.request.conflictText')}</Alert.Description>
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            alignSelf="center"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('backoffice.request.reload')}
          </Button>
        </Alert.Root>
      )}
      {query.isError && (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('backoffice.request.stale')}</Alert.Title>
        </Alert.Root>
      )}

      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
        <Stack gap="4">
          <CustomerSection applicant={request.applicant} missingNow={request.missingNow} />
          <FinancingSection request={request} />
          <SupplierSection supplier={request.supplier} />
          <QuoteNoteSection note={request.quoteNote} />
        </Stack>
        <Stack gap="4">
          <RulesSection request={request} />
          {decide ? (
            <DecisionForm key={request.id} request={request} action={decide} {...handlers} />
          ) : (
            <>
              {guarantee && <GuaranteePanel request={request} action={guarantee} {...handlers} />}
              <DecisionSummary request={request} />
            </>
          )}
        </Stack>
      </Grid>
    </Stack>
  );
}

export const Component = RequestPage;
