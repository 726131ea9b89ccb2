import { Button, Checkbox, SimpleGrid, Stack, Text, checkboxSlotRecipe } from '../../../client/ui/chakra';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../client/ui/form-fields';
import type { BankIdStartRequest } from '../../../domain/signing';
import { SIGNEE_FIELDS, type BankIdStartValues, type SigneeField, type SigneePath } from './bankid-start';

/**
 * The customer's signees (one, or two for a joint signature) with their personal numbers, the
 * delivery confirmation and the start.
 */
export function BankIdStartForm({
  control,
  maxSignees,
  sending,
  onStart,
}: {
  control: Control<BankIdStartValues, unknown, BankIdStartRequest>;
  maxSignees: number;
  sending: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const { field: joint } = useController({ control, name: 'joint' });
  const { field: delivery } = useController({ control, name: 'withDeliveryConfirmation' });
  return (
    <Stack gap="5" data-testid="bankid-form">
      <Text color="fg.muted" fontSize="sm">
        {t('bankid.intro')}
      </Text>
      {maxSignees > 1 && (
        <Checkbox.Root
          recipe={checkboxSlotRecipe}
          checked={joint.value}
          onCheckedChange={(e) => joint.onChange(e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('bankid.joint')}</Checkbox.Label>
        </Checkbox.Root>
      )}
      {(joint.value && maxSignees > 1 ? [0, 1] : [0]).map((i) => (
        <Stack key={i} gap="2" data-testid={`bankid-signee-${i}`}>
          <Text fontWeight="semibold">{t('bankid.customerSignee', { n: i + 1 })}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {SIGNEE_FIELDS.map((f) => (
              <SigneeInput key={f} control={control} name={`customerContractSignees.${i}.${f}`} field={f} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        checked={delivery.value}
        onCheckedChange={(e) => delivery.onChange(e.checked === true)}
        data-testid="bankid-delivery"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('bankid.withDeliveryConfirmation')}</Checkbox.Label>
      </Checkbox.Root>
      <Button
        colorPalette="brand"
        alignSelf="flex-start"
        loading={sending}
        onClick={onStart}
        data-testid="bankid-start"
      >
        {t('bankid.start')}
      </Button>
    </Stack>
  );
}

function SigneeInput({
  control,
  name,
  field: f,
}: {
  control: Control<BankIdStartValues, unknown, BankIdStartRequest>;
  name: SigneePath;
  field: SigneeField;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      name={name}
      label={t(`bankid.fields.${f}`)}
      required={f !== 'personalNumber'}
      type={f === 'email' ? 'email' : 'text'}
      digits={f === 'personalNumber'}
      placeholder={f === 'personalNumber' ? t('bankid.personalNumberPlaceholder') : undefined}
      helper={f === 'personalNumber' ? t('bankid.personalNumberHelp') : undefined}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
      onTouch={field.onBlur}
    />
  );
}
