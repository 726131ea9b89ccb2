import {
  Box,
  Button,
  Fieldset,
  HStack,
  SimpleGrid,
  Text,
  fieldsetSlotRecipe,
} from '../../../client/ui/chakra';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectDraft } from '../../../domain/calculation/editor';
import { objectTypeNameOf } from '../../../domain/calculation/names';
import { COUNTED_SERVICE_KINDS } from '../../../domain/calculation/variant';
import type { ObjectType } from '../../../client/calculation/types';
import { SelectField, TextField } from '../../../client/ui/form-fields';

/** A change of a row: the fields that change, or a function of the row as the form holds it. */
export type ObjectPatch = Partial<ObjectDraft> | ((row: ObjectDraft) => Partial<ObjectDraft>);

/**
 * The form hands out a fresh copy of its values on every change (react-hook-form's reset), so a
 * row compares its object by content and everything else by identity: typing elsewhere does not
 * re-render it (the callbacks take the row's key, so they stay the same).
 */
const sameRow = (a: RowProps, b: RowProps) =>
  (Object.keys(a) as (keyof RowProps)[]).every((name) =>
    name === 'object' ? JSON.stringify(a.object) === JSON.stringify(b.object) : a[name] === b[name],
  );

type RowProps = Parameters<typeof ObjectRowFields>[0];

/** One specific object: type, manufacturer, details, price, quantity, serial number, counted services. */
export const ObjectRow = memo(ObjectRowFields, sameRow);

function ObjectRowFields({
  index,
  object: o,
  objectTypes,
  countedServices,
  showSerialNumber,
  readOnly,
  err,
  touch,
  onChange,
  onRemove,
}: {
  index: number;
  object: ObjectDraft;
  objectTypes: ObjectType[];
  countedServices: boolean;
  showSerialNumber: boolean;
  readOnly: boolean;
  err: (name: string) => string | undefined;
  touch: (name: string) => void;
  onChange: (key: string, patch: ObjectPatch) => void;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const type = objectTypes.find((x) => x.id === o.objectId);
  const path = (field: string) => `financingObjects.${index}.${field}`;
  const common = { onTouch: touch, disabled: readOnly };
  return (
    <Box borderWidth="1px" rounded="l2" p="3" data-testid="object-row">
      <HStack justify="space-between" mb="2">
        <Text fontWeight="semibold" fontSize="sm">
          {t('calculation.objects.object', { n: index + 1 })}
        </Text>
        {!readOnly && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onRemove(o.key)}>
            {t('calculation.objects.remove')}
          </Button>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <SelectField
          {...common}
          name={path('objectId')}
          label={t('calculation.objects.objectType')}
          value={o.objectId}
          options={objectTypes.map((x) => ({ value: x.id, label: objectTypeNameOf(x, i18n.language) }))}
          error={err(path('objectId'))}
          onChange={(objectId) =>
            onChange(o.key, {
              objectId,
              manufacturerId: objectTypes.find((x) => x.id === objectId)?.defaultManufacturerId ?? '',
            })
          }
        />
        <SelectField
          {...common}
          name={path('manufacturerId')}
          label={t('calculation.objects.manufacturer')}
          value={o.manufacturerId}
          options={[
            { value: '', label: t('calculation.objects.noManufacturer') },
            ...(type?.manufacturers ?? []).map((m) => ({ value: m.id, label: m.name })),
          ]}
          onChange={(manufacturerId) => onChange(o.key, { manufacturerId })}
        />
        <TextField
          {...common}
          name={path('price')}
          label={t('calculation.objects.price')}
          numeric
          required
          value={o.price}
          error={err(path('price'))}
          onChange={(price) => onChange(o.key, { price })}
        />
        <TextField
          {...common}
          name={path('quantity')}
          label={t('calculation.objects.quantity')}
          numeric
          value={o.quantity}
          error={err(path('quantity'))}
          onChange={(quantity) => onChange(o.key, { quantity })}
        />
        <Box gridColumn={{ lg: showSerialNumber ? 'span 3' : 'span 4', sm: 'span 2' }}>
          <TextField
            {...common}
            name={path('details')}
            label={t('calculation.objects.details')}
            maxLength={200}
            value={o.details}
            onChange={(details) => onChange(o.key, { details })}
          />
        </Box>
        {showSerialNumber && (
          <TextField
            {...common}
            name={path('serialNumber')}
            label={t('calculation.objects.serialNumber')}
            maxLength={100}
            value={o.serialNumber}
            onChange={(serialNumber) => onChange(o.key, { serialNumber })}
          />
        )}
      </SimpleGrid>
      {countedServices && type?.countedServicePossible && (
        <Fieldset.Root recipe={fieldsetSlotRecipe} mt="3" disabled={readOnly}>
          <Fieldset.Legend fontSize="sm">{t('calculation.objects.countedServices')}</Fieldset.Legend>
          <Fieldset.Content>
            {COUNTED_SERVICE_KINDS.map((kind) => {
              const s = o.countedServices[kind];
              // From the row's values in the form, not this render's (see use-editor.ts).
              const set = (patch: Partial<typeof s>) =>
                onChange(o.key, (now) => ({
                  countedServices: {
                    ...now.countedServices,
                    [kind]: { ...now.countedServices[kind], ...patch },
                  },
                }));
              return (
                <SimpleGrid key={kind} columns={{ base: 1, sm: 4 }} gap="3" alignItems="end">
                  <Text fontSize="sm" fontWeight="medium" pb="2">
                    {t(`calculation.objects.counted.${kind}`)}
                  </Text>
                  <TextField
                    {...common}
                    name={path(`${kind}.baseUseUnit`)}
                    label={t('calculation.objects.counted.baseUseUnit')}
                    numeric
                    value={s.baseUseUnit}
                    onChange={(baseUseUnit) => set({ baseUseUnit })}
                  />
                  <TextField
                    {...common}
                    name={path(`${kind}.baseUsePrice`)}
                    label={t('calculation.objects.counted.baseUsePrice')}
                    numeric
                    value={s.baseUsePrice}
                    onChange={(baseUsePrice) => set({ baseUsePrice })}
                  />
                  <TextField
                    {...common}
                    name={path(`${kind}.additionalUsePrice`)}
                    label={t('calculation.objects.counted.additionalUsePrice')}
                    numeric
                    value={s.additionalUsePrice}
                    onChange={(additionalUsePrice) => set({ additionalUsePrice })}
                  />
                </SimpleGrid>
              );
            })}
          </Fieldset.Content>
        </Fieldset.Root>
      )}
    </Box>
  );
}
