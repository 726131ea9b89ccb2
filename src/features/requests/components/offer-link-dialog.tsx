import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  Field,
  Input,
  Stack,
  Text,
  Textarea,
  textareaRecipe,
} from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../client/http';
import { isStorageFull } from '../../../client/offline/db';
import { notify } from '../../../client/ui/notify';
import { DialogShell } from '../../../client/ui/dialog-shell';
import { OfferPeriods } from './offer-periods';
import { calculationViewQuery } from '../../../client/calculation/queries';
import type { VariantProperties } from '../../../client/calculation/types';
import { NOTE_MAX } from '../../../domain/calculation/requests';
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
  const ids = { setId: variant.calculationSetId, variantId: variant.calculationVariantId };
  const send = useSendOfferLink(ids, profileId);
  // The editor that opens the dialog holds the view: the server says how long the link stays open.
  const { data: view } = useQuery(calculationViewQuery(ids.setId, ids.variantId));
  // A view kept offline by an older version lacks the settings: the validity this version knows.
  const validDays = view?.properties.globalAndDashboardSettings?.offerLinkValidDays ?? OFFER_VALID_DAYS;
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
          <Text>{t('offerLink.intro', { days: validDays })}</Text>
          <Field.Root required invalid={!!formState.errors.email}>
            <Field.Label>
              {t('offerLink.email')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" autoComplete="email" {...register('email')} data-testid="offer-link-email" />
            <Field.ErrorText>{t('offerLink.emailInvalid')}</Field.ErrorText>
          </Field.Root>
          <OfferPeriods
            variant={variant}
            value={periods}
            onChange={periodsField.onChange}
            testId="offer-link-period"
          />
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
