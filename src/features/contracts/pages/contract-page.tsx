import { BackArrow } from '../../../client/ui/icons';
import { Alert, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { StateBadge } from '../../../client/ui/state-badge';
import { isProviderState } from '../../../domain/contracts';
import { findAction } from '../../../domain/hypermedia';
import { useSelectedProfileId } from '../../../client/profile/selection';
import { contractPath, contractQuery } from '../api/queries';
import { Fact, Facts, Section } from '../../../client/ui/facts';
import { useFormat } from '../../../client/format/format';
import { usePageSubject } from '../../../client/page-subject';
import { NotAvailableOffline, unavailableOffline } from '../../../client/ui/offline-state';

/**
 * /contracts/{referenceCode}: the contract (portal specification, “Screens and routes” and “Entities and their fields”): number, customer,
 * sublessee, start and end date, duration, state, instalment; the redemption offer when the
 * server offers `make-redemption-offer`.
 */
export function ContractPage() {
  const { t } = useTranslation();
  const { referenceCode = '' } = useParams();
  const format = useFormat();
  const instalment = useInstalmentFormat();
  const query = useQuery(contractQuery(useSelectedProfileId(), referenceCode));
  const contract = query.data?.properties.contract;
  usePageSubject(contract?.isSubLease ? contract.subLesseeName : contract?.customerName);

  const back = (
    <Button asChild variant="plain" size="sm" px="0" alignSelf="flex-start">
      <Link to="/contracts">
        <BackArrow /> {t('contracts.backToList')}
      </Link>
    </Button>
  );

  if (unavailableOffline(query))
    return (
      <Stack gap="5" maxW="5xl">
        {back}
        <NotAvailableOffline />
      </Stack>
    );

  if (query.isPending)
    return (
      <Stack gap="5" maxW="5xl" aria-busy="true" data-testid="contract-loading">
        {back}
        <Skeleton h="10" w="xs" />
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
          <Skeleton h="64" rounded="l2" />
          <Skeleton h="64" rounded="l2" />
        </SimpleGrid>
      </Stack>
    );

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="5" maxW="5xl">
        {back}
        <Alert.Root status={missing ? 'warning' : 'error'} data-testid="contract-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{missing ? t('contracts.notFound') : t('contracts.loadContractFailed')}</Alert.Title>
            {!missing && query.error instanceof ApiError && (
              <Alert.Description fontSize="xs">
                {t('contracts.correlationId', { id: query.error.correlationId })}
              </Alert.Description>
            )}
          </Alert.Content>
          {!missing && (
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('contracts.retry')}
            </Button>
          )}
        </Alert.Root>
      </Stack>
    );
  }

  const { contract: c } = query.data.properties;
  const redemption = findAction(query.data, 'make-redemption-offer');

  return (
    <Stack gap="5" maxW="5xl">
      {back}
      <Flex justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('contracts.detail.title', { referenceCode: c.referenceCode })}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap">
            <Text color="fg.muted">{c.isSubLease ? c.subLesseeName : c.customerName}</Text>
            <StateBadge state={c.state} data-testid="contract-state" />
          </Flex>
        </Stack>
        {redemption && (
          <Button asChild colorPalette="brand" size="sm">
            <Link to={`${contractPath(c.referenceCode)}/redemption-offer`}>
              {t('contracts.detail.redemption')}
            </Link>
          </Button>
        )}
      </Flex>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" alignItems="start">
        <Section title={t('contracts.detail.contract')} testId="contract-facts">
          <Facts>
            <Fact label={t('contracts.detail.number')} testId="contract-number">
              {c.number}
            </Fact>
            <Fact label={t('contracts.detail.customer')}>{c.customerName}</Fact>
            {c.isSubLease && (
              <Fact label={t('contracts.detail.subLessee')} testId="contract-sublessee">
                {c.subLesseeName}
              </Fact>
            )}
            <Fact label={t('contracts.detail.state')}>
              <StateBadge state={c.state} />
              {isProviderState(c.state) && (
                <Text fontSize="sm" color="fg.muted" mt="1" data-testid="contract-provider-state">
                  {t('contracts.detail.providerState')}
                </Text>
              )}
            </Fact>
            <Fact label={t('contracts.detail.owner')}>{c.ownerName}</Fact>
          </Facts>
        </Section>
        <Section title={t('contracts.detail.term')} testId="contract-term">
          <Facts>
            <Fact label={t('contracts.detail.startDate')} testId="contract-start">
              {format.longDate(c.startDate)}
            </Fact>
            <Fact label={t('contracts.detail.endDate')} testId="contract-end">
              {format.longDate(c.endDate)}
            </Fact>
            <Fact label={t('contracts.detail.duration')}>
              {c.duration === null ? '–' : t('contracts.months', { count: c.duration })}
            </Fact>
            {c.rentFreeMonths > 0 && (
              <Fact label={t('contracts.detail.rentFree')} testId="contract-rent-free">
                {t('contracts.months', { count: c.rentFreeMonths })}
              </Fact>
            )}
            {c.cancelledAt && (
              <Fact label={t('contracts.detail.cancelledAt')}>{format.longDate(c.cancelledAt)}</Fact>
            )}
            {c.returnedAt && (
              <Fact label={t('contracts.detail.returnedAt')}>{format.longDate(c.returnedAt)}</Fact>
            )}
            {c.paidAt && <Fact label={t('contracts.detail.paidAt')}>{format.longDate(c.paidAt)}</Fact>}
            <Fact label={t('contracts.detail.instalment')} testId="contract-instalment">
              {instalment.instalment(c.instalment, c, c.currencyCode, c.monthlyInstalment)}
            </Fact>
            <Fact label={t('contracts.detail.paymentFrequency')}>
              {t(`contracts.frequency.${c.paymentFrequency}`)}
            </Fact>
            <Fact label={t('contracts.detail.nav')}>{format.amount(c.nav, c.currencyCode)}</Fact>
            {c.lastRedemptionOfferAt && (
              <Fact label={t('contracts.detail.lastRedemptionOffer')}>
                {format.dateTime(c.lastRedemptionOfferAt)}
              </Fact>
            )}
          </Facts>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

export const Component = ContractPage;
