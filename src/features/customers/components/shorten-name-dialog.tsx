import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Input, Text } from '../../../client/ui/chakra';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompanyName, CUSTOMER_NAME_MAX } from '../../../domain/customers/schemas';
import { DialogShell } from '../../../client/ui/dialog-shell';

/** A selected name over 50 characters must be shortened before it is accepted (portal specification, “Validation rules”). */
export function ShortenNameDialog({
  name,
  onAccept,
  onCancel,
}: {
  name: string;
  onAccept: (short: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  // Checked as it is typed: the count and the Accept button follow every keystroke.
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(CompanyName),
    mode: 'onChange',
    defaultValues: { name },
  });
  // Without a name attribute: the customer form behind the dialog has its own `name` field.
  const { field } = useController({ control, name: 'name' });
  const short = field.value.trim();
  const ok = formState.isValid;
  const accept = handleSubmit((value) => onAccept(value.name));
  return (
    <DialogShell onClose={onCancel} alert title={t('customer.shorten.title')}>
      <Dialog.Body>
        <Text mb="3">{t('customer.shorten.text', { max: CUSTOMER_NAME_MAX })}</Text>
        <Input
          aria-label={t('customer.fields.name')}
          {...field}
          // Not `name`: the customer form behind the dialog has that field.
          name="shortenedName"
          aria-invalid={!ok}
        />
        <Text fontSize="sm" mt="1" color={ok ? 'fg.muted' : 'fg.error'} aria-live="polite">
          {t('customer.shorten.count', { count: short.length, max: CUSTOMER_NAME_MAX })}
        </Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          {t('calculation.cancel')}
        </Button>
        <Button colorPalette="brand" disabled={!ok} onClick={() => void accept()}>
          {t('customer.shorten.accept')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
