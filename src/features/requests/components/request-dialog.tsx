import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  Field,
  Stack,
  Text,
  Textarea,
  textareaRecipe,
} from '../../../client/ui/chakra';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { NOTE_MAX, ToGrenkeBody } from '../../../domain/calculation/requests';
import type { Action } from '../../../domain/hypermedia';
import type { VariantProperties } from '../../../client/calculation/types';
import { useProfile } from '../../../client/profile/queries';
import { pendingTerms } from '../../../domain/terms';
import { useProcessCall } from '../../../client/calculation/process-call';
import { useAcceptRequestTerms } from '../api/mutations';
import { TermsDownload } from './terms-download';
import { DialogShell } from '../../../client/ui/dialog-shell';
import { RequestProblems } from './request-problems';

/** What the dialog asks; whether the request is sent too is the button's choice. */
const QuoteNoteForm = ToGrenkeBody.pick({ quoteNote: true });

/**
 * The request to the provider (portal specification, “States and transitions” and “The calls it makes”): the quote note, kept alone or sent
 * with the request, and the terms and conditions to download. Without accepted terms it asks to
 * accept them first (declining leaves it unsent, with the notice); re-sending a running request
 * warns that it is updated.
 */
export function RequestDialog({
  action,
  variant,
  onClose,
}: {
  action: Action;
  variant: VariantProperties;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const call = useProcessCall<{ quoteNote: string; sendRequest: boolean }>();
  const accept = useAcceptRequestTerms();
  const { data: profile } = useProfile();
  // Terms of use put off at sign-in are needed too; they are shown and accepted with these.
  const termsOfUseOpen = profile ? pendingTerms(profile).termsOfUse : false;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(QuoteNoteForm),
    defaultValues: { quoteNote: variant.quoteNote },
  });
  // Controlled: the note stays while the terms are asked in its place.
  const { field: note } = useController({ control, name: 'quoteNote' });
  // What the server would refuse now shows at once; the note can still be kept meanwhile.
  const [problems, setProblems] = useState<string[]>(variant.requestBlockers);
  const blocked = variant.requestBlockers.length > 0;
  const base = `/calculations/${variant.calculationSetId}/${variant.calculationVariantId}`;
  const [askTerms, setAskTerms] = useState(false);
  const resend = variant.state === 'requestToGrenke';

  const submit = (sendRequest: boolean) =>
    handleSubmit(async ({ quoteNote }) => {
      setProblems([]);
      try {
        await call.mutateAsync({ action, body: { quoteNote, sendRequest } });
        onClose();
        if (!sendRequest) return notify({ type: 'success', title: t('request.noteSaved'), duration: 4000 });
        void navigate(
          `/calculations/${variant.calculationSetId}/${variant.calculationVariantId}/summary-grenke`,
        );
      } catch (e) {
        const keys = e instanceof ApiError ? (e.problem?.errorKeys ?? []) : [];
        if (keys.includes('termsNotAccepted')) return setAskTerms(true);
        setProblems(keys.length ? keys : ['generic']);
      }
    })();

  const acceptTerms = async () => {
    await accept.mutateAsync(termsOfUseOpen);
    setAskTerms(false);
    await submit(true);
  };
  const declineTerms = () => {
    setAskTerms(false);
    notify({ type: 'warning', title: t('request.termsDeclined'), duration: 8000 });
  };

  return (
    <DialogShell
      onClose={onClose}
      alert={askTerms}
      layout="sheet"
      testId={askTerms ? 'request-terms' : 'request-dialog'}
      title={askTerms ? t('request.termsTitle') : t('request.title')}
    >
      <Dialog.Body>
        {askTerms ? (
          <Stack gap="3">
            <Text>{t('request.termsText')}</Text>
            {termsOfUseOpen && (
              <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
                {t('terms.termsOfUseText')}
              </Text>
            )}
            <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
              {t('terms.termsAndConditionsText')}
            </Text>
            <TermsDownload />
          </Stack>
        ) : (
          <Stack gap="4">
            {resend && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>{t('request.resendWarning')}</Alert.Title>
              </Alert.Root>
            )}
            <Text>{t('request.intro')}</Text>
            <TermsDownload />
            <Field.Root>
              <Field.Label>{t('request.quoteNote')}</Field.Label>
              <Textarea recipe={textareaRecipe} {...note} maxLength={NOTE_MAX} rows={4} />
            </Field.Root>
            <RequestProblems problems={problems} base={base} onNavigate={onClose} />
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap" gap="2">
        {askTerms ? (
          <>
            <Button variant="outline" onClick={declineTerms}>
              {t('terms.decline')}
            </Button>
            <Button colorPalette="brand" loading={accept.isPending} onClick={() => void acceptTerms()}>
              {t('request.acceptAndSend')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('calculation.cancel')}
            </Button>
            <Button
              variant="outline"
              loading={call.isPending && call.variables?.body?.sendRequest === false}
              onClick={() => void submit(false)}
            >
              {t('request.saveNote')}
            </Button>
            <Button
              colorPalette="brand"
              disabled={blocked}
              loading={call.isPending && call.variables?.body?.sendRequest === true}
              onClick={() => void submit(true)}
              data-testid="send-request"
            >
              {resend ? t('request.resend') : t('request.send')}
            </Button>
          </>
        )}
      </Dialog.Footer>
    </DialogShell>
  );
}
