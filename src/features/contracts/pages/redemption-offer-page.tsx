import { BackArrow } from '../../../client/ui/icons';
import { ScheduleRuns } from '../../../client/ui/schedule-runs';
import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  tableSlotRecipe,
  textareaRecipe,
} from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import { BILLING } from '../../../domain/calculation/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { notify } from '../../../client/ui/notify';
import type { z } from 'zod';
import { REDEMPTION_STATEMENT_MAX, RedemptionOfferBody } from '../../../domain/contracts';
import { findAction } from '../../../domain/hypermedia';
import { useSelectedProfileId } from '../../../client/profile/selection';
import { useSendRedemptionOffer } from '../api/mutations';
import { contractPath, redemptionQuery } from '../api/queries';
import { Fact, Facts, Section } from '../../../client/ui/facts';
import { useFormat } from '../../../client/format/format';
import { thresholdsOf } from '../../../domain/calculation/thresholds';

/**
 * /contracts/{referenceCode}/redemption-offer: what redeeming the contract costs today
 * (docs/domain.md section 6) with its breakdown and how long it holds; the partner's statement;
 * 'Send' mails the PDF to the customer and returns to the contract with the success or
 * failure message (portal specification, “The error catalogue”).
 */
export function RedemptionOfferPage() {
  const { t } = useTranslation();
  const { referenceCode = '' } = useParams();
  const navigate = useNavigate();
  const format = useFormat();
  const instalment = useInstalmentFormat();
  const offer = useQuery(redemptionQuery(useSelectedProfileId(), referenceCode));
  const send = useSendRedemptionOffer();
  const form = useForm<z.input<typeof RedemptionOfferBody>, unknown, RedemptionOfferBody>({
    resolver: zodResolver(RedemptionOfferBody),
    defaultValues: { statement: '' },
  });
  const { field: statementField } = useController({ control: form.control, name: 'statement' });
  const statement = statementField.value ?? '';
  /** The body the partner is asked to confirm; the dialog is open while there is one. */
  const [confirming, setConfirming] = useState<RedemptionOfferBody | null>(null);
  const toContract = contractPath(referenceCode);

  const back = (
    <Button asChild variant="plain" size="sm" px="0" alignSelf="flex-start">
      <Link to={toContract}>
        <BackArrow /> {t('contracts.redemption.back', { referenceCode })}
      </Link>
    </Button>
  );

  if (offer.isPending)
    return (
      <Stack gap="5" maxW="4xl" aria-busy="true" data-testid="redemption-loading">
        {back}
        <Skeleton h="10" w="sm" />
        <Skeleton h="48" rounded="l2" />
        <Skeleton h="32" rounded="l2" />
      </Stack>
    );

  if (offer.isError) {
    const status = offer.error instanceof ApiError ? offer.error.status : 0;
    return (
      <Stack gap="5" maxW="4xl">
        {back}
        <Alert.Root status="warning" data-testid="redemption-error">
          <Alert.Indicator />
          <Alert.Title>
            {status === 409
              ? t('contracts.redemption.notPossible')
              : status === 404
                ? t('contracts.notFound')
                : t('contracts.redemption.loadFailed')}
          </Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }

  const o = offer.data.properties;
  const action = findAction(offer.data, 'make-redemption-offer');
  const money = (amount: number) => format.amount(amount, o.currencyCode);
  const perPeriod = (amount: number) =>
    instalment.perPeriod(amount, BILLING[o.paymentFrequency].billingPeriod, o.currencyCode);
  const max = o.statementMaxLength || REDEMPTION_STATEMENT_MAX;

  // The PDF goes to the customer at once: the partner confirms first.
  const ask = form.handleSubmit((body) => {
    if (action) setConfirming(body);
  });
  const submit = async (body: RedemptionOfferBody) => {
    setConfirming(null);
    if (!action) return;
    try {
      await send.mutateAsync({ action, statement: body.statement });
      notify({
        type: 'success',
        title: t('contracts.redemption.sent'),
        description: o.recipient ? t('contracts.redemption.sentTo', { recipient: o.recipient }) : undefined,
        duration: 8000,
      });
    } catch (error) {
      notify({
        type: 'error',
        title: t('contracts.redemption.failed'),
        description:
          error instanceof ApiError && error.problem?.errorKeys?.includes('customerEmailMissing')
            ? t('contracts.redemption.noEmail')
            : undefined,
        correlationId: error instanceof ApiError ? error.correlationId : undefined,
      });
    }
    void navigate(toContract);
  };

  return (
    <Stack gap="5" maxW="4xl" as="form" onSubmit={(e) => void ask(e)}>
      <ConfirmDialog
        open={confirming !== null}
        title={t('contracts.redemption.confirmTitle')}
        text={
          o.recipient
            ? t('contracts.redemption.confirmText', { total: money(o.total), recipient: o.recipient })
            : t('contracts.redemption.noEmail')
        }
        confirm={t('contracts.redemption.send')}
        onConfirm={() => confirming && void submit(confirming)}
        onCancel={() => setConfirming(null)}
      />
      {back}
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('contracts.redemption.title')}
        </Heading>
        <Text color="fg.muted">
          {referenceCode} · {o.customerName}
          {o.subLesseeName ? ` (${o.subLesseeName})` : ''}
        </Text>
      </Stack>

      <Section title={t('contracts.redemption.amount')} testId="redemption-amount">
        <Flex justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Text fontSize="3xl" fontWeight="semibold" data-testid="redemption-total">
            {money(o.total)}
          </Text>
          <Text fontSize="sm" color="fg.muted" data-testid="redemption-valid-until">
            {t('contracts.redemption.validUntil', { date: format.longDate(o.validUntil) })}
          </Text>
        </Flex>
        <Box overflowX="auto">
          <Table.Root recipe={tableSlotRecipe} size="sm">
            <Table.Caption srOnly>{t('contracts.redemption.breakdown')}</Table.Caption>
            <Table.Body>
              <Table.Row>
                <Table.Cell>
                  {t('contracts.redemption.instalmentsPresentValue', { count: o.remainingInstalments })}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(o.instalmentsPresentValue)}
                </Table.Cell>
              </Table.Row>
              <Table.Row>
                <Table.Cell>{t('contracts.redemption.residualValuePresentValue')}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(o.residualValuePresentValue)}
                </Table.Cell>
              </Table.Row>
              <Table.Row>
                <Table.Cell>
                  {t('contracts.redemption.fee', {
                    minimum: money(thresholdsOf(o.currencyCode).redemptionMinimumFee),
                  })}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(o.fee)}
                </Table.Cell>
              </Table.Row>
              <Table.Row fontWeight="semibold">
                <Table.Cell>{t('contracts.redemption.total')}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(o.total)}
                </Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        </Box>
      </Section>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" alignItems="start">
        <Section title={t('contracts.redemption.basis')}>
          <Facts>
            <Fact label={t('contracts.redemption.netInstalment')}>
              {o.remainingSchedule.length > 1 ? (
                // A plan's remaining instalments differ: each run by its instalments' numbers.
                <ScheduleRuns
                  schedule={o.remainingSchedule}
                  billingPeriod={BILLING[o.paymentFrequency].billingPeriod}
                  currency={o.currencyCode}
                  testId="redemption-runs"
                />
              ) : (
                perPeriod(o.paymentAmount)
              )}
            </Fact>
            <Fact label={t('contracts.detail.paymentFrequency')}>
              {t(`contracts.frequency.${o.paymentFrequency}`)}
            </Fact>
            <Fact label={t('contracts.redemption.instalments')}>
              {t('contracts.redemption.paidOf', { paid: o.paidInstalments, count: o.instalments })}
            </Fact>
            <Fact label={t('contracts.redemption.rate')}>{format.percent(o.annualRatePercent)}</Fact>
            <Fact label={t('contracts.redemption.residualValue')}>{money(o.residualValue)}</Fact>
            <Fact label={t('contracts.redemption.date')}>{format.longDate(o.date)}</Fact>
          </Facts>
        </Section>
        <Section title={t('contracts.redemption.sendTitle')}>
          <Text fontSize="sm" color="fg.muted">
            {o.recipient
              ? t('contracts.redemption.recipient', { recipient: o.recipient })
              : t('contracts.redemption.noEmail')}
          </Text>
          <Field.Root>
            <Field.Label>{t('contracts.redemption.statement')}</Field.Label>
            <Textarea
              recipe={textareaRecipe}
              {...statementField}
              value={statement}
              onChange={(e) => statementField.onChange(e.currentTarget.value.slice(0, max))}
              maxLength={max}
              rows={5}
              disabled={!action}
              data-testid="redemption-statement"
            />
            <Field.HelperText>
              {t('contracts.redemption.charactersLeft', { count: max - statement.length })}
            </Field.HelperText>
          </Field.Root>
          {!action && (
            <Text fontSize="sm" color="fg.muted">
              {t('contracts.redemption.readOnly')}
            </Text>
          )}
          <Flex gap="3" wrap="wrap">
            <Button type="submit" colorPalette="brand" disabled={!action} loading={send.isPending}>
              {t('contracts.redemption.send')}
            </Button>
            <Button asChild variant="outline">
              <Link to={toContract}>{t('contracts.redemption.cancel')}</Link>
            </Button>
          </Flex>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

export const Component = RedemptionOfferPage;
