import { Badge, Button, Card, Flex, Heading, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { StateBadge } from '../../../client/ui/state-badge';
import { calculationViewQuery } from '../../../client/calculation/queries';
import { useFormat } from '../../../client/format/format';

/**
 * The summaries after an offer or a request (portal specification, “Screens and routes”): what was sent, to whom, the
 * calculation's current state (it changes here live when the provider decides) and the ways on.
 */
export function Summary({ kind }: { kind: 'customer' | 'grenke' }) {
  const { t } = useTranslation();
  const { calculationSetId = '', calculationVariantId = '' } = useParams();
  const { data, isPending } = useQuery(calculationViewQuery(calculationSetId, calculationVariantId));
  const v = data?.properties.variant?.properties;
  const base = `/calculations/${calculationSetId}/${calculationVariantId}`;
  const row = v?.calculationResults.find((r) => r.periodInMonths === v.calculationVariant.periodInMonths);
  const instalment = useInstalmentFormat();
  const format = useFormat();
  const money = (n: number) => format.amount(n, v?.currencyCode ?? 'EUR');

  const facts: [string, ReactNode][] = v
    ? [
        [t('summary.customer'), v.applicant?.name ?? '–'],
        ...(kind === 'customer'
          ? ([[t('summary.sentTo'), v.applicant?.email ?? '–']] as [string, ReactNode][])
          : ([
              [t('summary.nav'), row ? money(row.netAcquisitionValueAmount) : '–'],
              [
                t('summary.instalment'),
                row
                  ? [
                      instalment.instalment(
                        row.totalInstallmentAmount,
                        row,
                        v.currencyCode,
                        row.monthlyTotalInstallmentAmount,
                      ),
                      t('summary.months', { count: row.periodInMonths }),
                    ].join(' · ')
                  : '–',
              ],
              [t('summary.quoteNote'), v.quoteNote || '–'],
            ] as [string, ReactNode][])),
        [t('summary.state'), <StateBadge key="state" state={v.state} data-testid="summary-state" />],
      ]
    : [];

  return (
    <Stack gap="5" maxW="3xl" data-testid={`summary-${kind}`}>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(kind === 'customer' ? 'summary.offerSent.title' : 'summary.grenke.title')}
        </Heading>
        <Text color="fg.muted">
          {t(kind === 'customer' ? 'summary.offerSent.text' : 'summary.grenke.text')}
        </Text>
      </Stack>
      <Card.Root>
        <Card.Body>
          {isPending ? (
            <Skeleton h="32" />
          ) : (
            <Stack as="dl" gap="3">
              {facts.map(([label, value]) => (
                <Flex key={label} gap="4" wrap="wrap">
                  <Text as="dt" color="fg.muted" minW="40">
                    {label}
                  </Text>
                  <Text as="dd" fontWeight="medium" flex="1" whiteSpace="pre-line">
                    {value}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Flex gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to={base}>{t('summary.backToCalculation')}</Link>
        </Button>
        {kind === 'customer' && (
          <Button asChild variant="outline">
            <Link to={`${base}/attachments`}>{t('summary.documents')}</Link>
          </Button>
        )}
        <Button asChild variant="ghost">
          <Link to="/calculations">{t('summary.toList')}</Link>
        </Button>
      </Flex>
      {kind === 'grenke' && v?.state === 'requestToGrenke' && (
        <Badge alignSelf="flex-start" colorPalette="blue" variant="subtle">
          {t('summary.grenke.waiting')}
        </Badge>
      )}
    </Stack>
  );
}
