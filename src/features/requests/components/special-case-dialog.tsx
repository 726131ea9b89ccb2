import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Field, Stack, Text, Textarea, textareaRecipe } from '../../../client/ui/chakra';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../client/ui/notify';
import { SPECIAL_CASE_TEXT_MAX, SpecialCaseBody } from '../../../domain/calculation/requests';
import type { Action } from '../../../domain/hypermedia';
import { useProcessCall } from '../../../client/calculation/process-call';
import { DialogShell } from '../../../client/ui/dialog-shell';

/**
 * Asks the provider for a special-case condition: the text says which (a rate, a period, a
 * residual value) and why. An underwriter grants or refuses it; the answer arrives live and by mail.
 */
export function SpecialCaseDialog({ action, onClose }: { action: Action; onClose: () => void }) {
  const { t } = useTranslation();
  const call = useProcessCall<{ text: string }>();
  const given = action.fields?.find((f) => f.name === 'text')?.value;
  // A missing text shows once the field was left or a send was tried.
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(SpecialCaseBody),
    mode: 'onTouched',
    defaultValues: { text: typeof given === 'string' ? given : '' },
  });

  const send = handleSubmit(async (body) => {
    try {
      await call.mutateAsync({ action, body });
      notify({ type: 'success', title: t('process.specialDone'), duration: 6000 });
      onClose();
    } catch {
      notify({ type: 'error', title: t('errors.generic') });
    }
  });

  return (
    <DialogShell onClose={onClose} layout="sheet" testId="special-case-dialog" title={t('process.special')}>
      <Dialog.Body>
        <Stack gap="3">
          <Text>{t('process.specialText')}</Text>
          <Field.Root required invalid={!!formState.errors.text}>
            <Field.Label>
              {t('process.specialWhat')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              recipe={textareaRecipe}
              {...register('text')}
              rows={5}
              maxLength={SPECIAL_CASE_TEXT_MAX}
            />
            <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose}>
          {t('calculation.cancel')}
        </Button>
        <Button colorPalette="brand" loading={call.isPending} onClick={() => void send()}>
          {t('process.specialConfirm')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
