import { Box, Button, HStack, SimpleGrid, Text } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../client/ui/form-fields';
import type { Person } from '../../../domain/customers/schemas';
import { AddressFields, emptyAddress } from './address-fields';

/**
 * A person of the customer: a managing director needs names, date of birth and a private
 * address; a person without position is reached at the main address only.
 */
export function PersonFields({
  value,
  index,
  country,
  onChange,
  onRemove,
  err,
  touch,
}: {
  value: Person;
  index: number;
  country: string;
  onChange: (p: Person) => void;
  onRemove: () => void;
  err: (name: string) => string | undefined;
  touch: (name: string) => void;
}) {
  const { t } = useTranslation();
  const path = `persons.${index}`;
  const director = value.position === 'director';
  const text = (f: 'title' | 'firstName' | 'lastName', required: boolean) => (
    <TextField
      name={`${path}.${f}`}
      label={t(`customer.person.${f}`)}
      value={value[f]}
      required={required}
      maxLength={50}
      error={err(`${path}.${f}`)}
      onTouch={touch}
      onChange={(v) => onChange({ ...value, [f]: v })}
    />
  );
  return (
    <Box borderWidth="1px" rounded="l2" p="3" data-testid="person">
      <HStack justify="space-between" mb="2">
        <Text fontWeight="semibold" fontSize="sm">
          {[value.firstName, value.lastName].filter(Boolean).join(' ') || t('customer.person.new')}
        </Text>
        <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
          {t('customer.remove')}
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <SelectField
          name={`${path}.position`}
          label={t('customer.person.position')}
          value={value.position}
          options={[
            { value: 'none', label: t('customer.person.positions.none') },
            { value: 'director', label: t('customer.person.positions.director') },
          ]}
          error={err(`${path}.position`)}
          onTouch={touch}
          onChange={(position) =>
            onChange({
              ...value,
              position,
              selectedAddress: position === 'director' ? 'private' : 'main',
              privateAddress:
                position === 'director' ? (value.privateAddress ?? emptyAddress('private', country)) : null,
            })
          }
        />
        {text('title', false)}
        {text('firstName', true)}
        {text('lastName', true)}
        <TextField
          name={`${path}.dateOfBirth`}
          label={t('customer.person.dateOfBirth')}
          type="date"
          value={value.dateOfBirth ?? ''}
          required={director}
          error={err(`${path}.dateOfBirth`)}
          onTouch={touch}
          onChange={(v) => onChange({ ...value, dateOfBirth: v || null })}
        />
        <TextField
          name={`${path}.telephoneNumber.number`}
          label={t('customer.person.phone')}
          value={value.telephoneNumber?.number ?? ''}
          helper={t('customer.phoneFormat')}
          error={err(`${path}.telephoneNumber.number`)}
          onTouch={touch}
          onChange={(number) =>
            onChange({ ...value, telephoneNumber: number ? { type: 'mobile', number } : null })
          }
        />
      </SimpleGrid>
      {director && (
        <Box mt="3">
          <Text fontSize="sm" fontWeight="medium" mb="2">
            {t('customer.person.privateAddress')}
          </Text>
          {err(`${path}.privateAddress`) && (
            <Text color="fg.error" fontSize="sm">
              {t(`customer.errors.${err(`${path}.privateAddress`)}`)}
            </Text>
          )}
          <AddressFields
            value={value.privateAddress ?? emptyAddress('private', country)}
            path={`${path}.privateAddress`}
            err={err}
            touch={touch}
            onChange={(privateAddress) => onChange({ ...value, privateAddress })}
          />
        </Box>
      )}
    </Box>
  );
}

export const emptyPerson = (): Person => ({
  title: '',
  firstName: '',
  lastName: '',
  dateOfBirth: null,
  position: 'none',
  selectedAddress: 'main',
  privateAddress: null,
  telephoneNumber: null,
});
