import * as endpoints from '../../../domain/api/endpoints/documents';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  Field,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  textareaRecipe,
} from '../../../client/ui/chakra';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { decodeBase64, saveFile } from '../../../client/download';
import { ApiError, followAction } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { NOTE_MAX, OfferForm } from '../../../domain/calculation/requests';
import type { OfferEntity } from '../../../domain/api/requests';
import { findAction, type Action } from '../../../domain/hypermedia';
import type { VariantProperties } from '../../../client/calculation/types';
import { useProcessCall } from '../../../client/calculation/process-call';
import { customerLocaleOf, offerLanguagesOf } from '../../../domain/locales';
import { calculationViewQuery } from '../../../client/calculation/queries';
import { useFormat } from '../../../client/format/format';
import { DialogShell } from '../../../client/ui/dialog-shell';
import { OfferPeriods } from './offer-periods';

/**
 * The offer to the customer (portal specification, “The calls it makes”): up to 4 periods and the non-binding note;
 * 'Download' prints it, 'Send to customer' also mails it and leads to the summary.
 */
export function OfferDialog({
  action,
  variant,
  onClose,
}: {
  action: Action;
  variant: VariantProperties;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const call = useProcessCall<{ nonBindingQuoteNote: string; languageCode: string }, OfferEntity>();
  const selected = variant.calculationVariant.periodInMonths;
  // The offer being made keeps its choice (the server remembers its last document) until sent.
  const initialPeriods = variant.offer.periods.length ? variant.offer.periods : selected ? [selected] : [];
  const { data: view } = useQuery(
    calculationViewQuery(variant.calculationSetId, variant.calculationVariantId),
  );
  const listId = variant.calculationVariant.conditionListId;
  const list = [...(view?.properties.conditionLists ?? []), view?.properties.variantConditionList].find(
    (l) => l?.id === listId,
  );
  // A view kept by an older version (until the refetch answers) has no partnerView.
  const languages = offerLanguagesOf(view?.properties.partnerView?.languages ?? [], list?.languages);
  const customer = customerLocaleOf(
    variant.applicant?.addresses.find((a) => a.addressType === 'main')?.country,
  );
  const fallbackLanguage = languages.includes(customer) ? customer : languages[0]!;
  // The languages are known once the view is: a choice kept from before (or made
  // before they were known) that is not among them gives way to the fallback.
  const offered = (code: string | null | undefined) =>
    code && (languages as string[]).includes(code) ? code : fallbackLanguage;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(OfferForm),
    defaultValues: {
      periods: initialPeriods,
      nonBindingQuoteNote: variant.nonBindingQuoteNote,
      languageCode: offered(variant.offer.languageCode),
    },
  });
  const { field: periodsField } = useController({ control, name: 'periods' });
  const { field: note } = useController({ control, name: 'nonBindingQuoteNote' });
  const { field: language } = useController({ control, name: 'languageCode' });
  const periods = periodsField.value;
  const [error, setError] = useState<string>();

  const submit = (makeOffer: boolean) =>
    handleSubmit(async ({ periods, nonBindingQuoteNote, languageCode: chosen }) => {
      const languageCode = offered(chosen);
      setError(undefined);
      const query = new URLSearchParams(periods.map((p) => ['periods', String(p)]));
      query.set('makeOffer', String(makeOffer));
      try {
        const answer = await call.mutateAsync({
          action,
          body: { nonBindingQuoteNote, languageCode },
          query,
        });
        const details = findAction(answer, 'get-document-details');
        if (!makeOffer && details) {
          const file = await followAction(details, endpoints.downloadDocument);
          saveFile(decodeBase64(file.contentAsBase64), file.fileName, 'application/pdf');
          notify({ type: 'success', title: t('offer.downloaded'), duration: 4000 });
          onClose();
          return;
        }
        onClose();
        void navigate(
          `/calculations/${variant.calculationSetId}/${variant.calculationVariantId}/summary-customer`,
        );
      } catch (e) {
        const code = e instanceof ApiError ? e.problem?.code : undefined;
        // 409: the variant moved on meanwhile (a request, a contract): no offer any more.
        const moved = e instanceof ApiError && e.status === 409;
        setError(
          moved
            ? t('calculation.errors.invalidCurrentState')
            : code === 7 || code === 8
              ? t('offer.errors.invalidObjects')
              : code === 3
                ? t('offer.errors.customer')
                : t('offer.errors.generic'),
        );
      }
    })();

  return (
    <DialogShell onClose={onClose} layout="sheet" testId="offer-dialog" title={t('offer.title')}>
      <Dialog.Body>
        <Stack gap="4">
          <OfferPeriods
            variant={variant}
            value={periods}
            onChange={periodsField.onChange}
            testId="offer-period"
          />
          {languages.length > 1 && (
            <Field.Root>
              <Field.Label>{t('offer.language')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...language}
                  value={offered(language.value)}
                  data-testid="offer-language"
                >
                  {languages.map((l) => (
                    <option key={l} value={l}>
                      {format.language(l)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <Field.Root>
            <Field.Label>{t('offer.note')}</Field.Label>
            <Textarea recipe={textareaRecipe} {...note} maxLength={NOTE_MAX} rows={4} />
            <Field.HelperText>{t('offer.noteHelp')}</Field.HelperText>
          </Field.Root>
          {error && (
            <Text color="fg.error" role="alert" data-testid="offer-error">
              {error}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap" gap="2">
        <Button variant="ghost" onClick={onClose}>
          {t('calculation.cancel')}
        </Button>
        <Button
          variant="outline"
          disabled={periods.length === 0}
          loading={call.isPending && call.variables?.query?.get('makeOffer') === 'false'}
          onClick={() => void submit(false)}
        >
          {t('offer.download')}
        </Button>
        <Button
          colorPalette="brand"
          disabled={periods.length === 0}
          loading={call.isPending && call.variables?.query?.get('makeOffer') === 'true'}
          onClick={() => void submit(true)}
        >
          {t('offer.send')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
