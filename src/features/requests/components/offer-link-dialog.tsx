import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Dialog,
  Field,
  Input,
  Stack,
  Text,
  Textarea,
  checkboxSlotRecipe,
  textareaRecipe,
} from '../../../client/ui/chakra';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../client/http';
import { isStorageFull } from '../../../client/offline/db';
import { notify } from '../../../client/ui/notify';
import { DialogShell } from '../../../client/ui/dialog-shell';
import type { VariantProperties } from '../../../client/calculation/types';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import { MAX_OFFER_PERIODS, NOTE_MAX } from '../../../domain/calculation/requests';
import { CustomerLinkBody, OFFER_VALID_DAYS } from '../../../domain/offer-links';
import { useSendOfferLink } from '../api/offer-links';

/**
 * "Send link to customer" (docs/domain.md, "The customer's offer page"): to whom (the customer's
 * e-mail to begin with), which periods (as the offer, up to 4) and a note. Offline it waits in
 * the outbox; the customer's page is in the offer's language.
 */
export function OfferLinkDialog({
  variant,
  profileId,
  onClose,
}: {
  variant: VariantProperties;
  profileId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const instalment = useInstalmentFormat();
  const ids = { setId: variant.calculationSetId, variantId: variant.calculationVariantId };
  const send = useSendOfferLink(ids, profileId);
  const selected = variant.calculationVariant.periodInMonths;
  const offered = variant.offer.periods.length ? variant.offer.periods : selected ? [selected] : [];
  const { control, register, handleSubmit, formState } = useForm({
    resolver: zodResolver(CustomerLinkBody),
    mode: 'onTouched',
    defaultValues: {
      email: variant.applicant?.email ?? '',
      periods: offered.filter((p) => variant.calculationResults.some((r) => r.periodInMonths === p)),
      note: variant.nonBindingQuoteNote,
    },
  });
  const { field: periodsField } = useController({ control, name: 'periods' });
  const periods = periodsField.value;
  const toggle = (p: number, on: boolean) =>
    periodsField.onChange(on ? [...periods, p].sort((a, b) => a - b) : periods.filter((x) => x !== p));
  const [error, setError] = useState<string>();

  const submit = handleSubmit(async (body) => {
    setError(undefined);
    try {
      const how = await send.mutateAsync({
        body,
        label: t('offerLink.outboxLabel', { email: body.email }),
      });
      notify({
        type: how === 'sent' ? 'success' : 'info',
        title: t(how === 'sent' ? 'offerLink.sent' : 'offerLink.queued', { email: body.email }),
        duration: 6000,
      });
      onClose();
    } catch (e) {
      setError(
        isStorageFull(e)
          ? t('offerLink.storageFull')
          : e instanceof ApiError && e.status === 409
            ? t('calculation.errors.invalidCurrentState')
            : t('offerLink.failed'),
      );
    }
  });

  return (
    <DialogShell onClose={onClose} layout="sheet" testId="offer-link-dialog" title={t('offerLink.title')}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{t('offerLink.intro', { days: OFFER_VALID_DAYS })}</Text>
          <Field.Root required invalid={!!formState.errors.email}>
            <Field.Label>
              {t('offerLink.email')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" autoComplete="email" {...register('email')} data-testid="offer-link-email" />
            <Field.ErrorText>{t('offerLink.emailInvalid')}</Field.ErrorText>
          </Field.Root>
          <Stack gap="2" role="group" aria-labelledby="offer-link-periods">
            <Text id="offer-link-periods" fontWeight="medium" fontSize="sm">
              {t('offer.periods', { max: MAX_OFFER_PERIODS })}
            </Text>
            {variant.calculationResults.map((r) => (
              <Checkbox.Root
                key={r.periodInMonths}
                recipe={checkboxSlotRecipe}
                checked={periods.includes(r.periodInMonths)}
                disabled={!periods.includes(r.periodInMonths) && periods.length >= MAX_OFFER_PERIODS}
                onCheckedChange={(e) => toggle(r.periodInMonths, e.checked === true)}
                data-testid={`offer-link-period-${r.periodInMonths}`}
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
          <Field.Root>
            <Field.Label>{t('offer.note')}</Field.Label>
            <Textarea recipe={textareaRecipe} {...register('note')} maxLength={NOTE_MAX} rows={3} />
          </Field.Root>
          {error && (
            <Text color="fg.error" role="alert" data-testid="offer-link-error">
              {error}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose}>
          {t('calculation.cancel')}
        </Button>
        <Button
          colorPalette="brand"
          disabled={periods.length === 0}
          loading={send.isPending}
          onClick={() => void submit()}
          data-testid="offer-link-send"
        >
          {t('offerLink.confirm')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
