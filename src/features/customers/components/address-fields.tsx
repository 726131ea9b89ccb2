import { SimpleGrid } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../client/ui/form-fields';
import type { Address } from '../../../domain/customers/schemas';

/** One address: street, addition, postcode, town, region where the country has regions. */
export function AddressFields({
  value,
  path,
  onChange,
  err,
  touch,
  showRegion,
  disabled,
}: {
  value: Address;
  path: string;
  onChange: (a: Address) => void;
  err: (name: string) => string | undefined;
  touch: (name: string) => void;
  showRegion?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const field = (f: 'street' | 'addition' | 'zip' | 'town' | 'region', required: boolean, max: number) => (
    <TextField
      name={`${path}.${f}`}
      label={t(`customer.address.${f}`)}
      value={value[f]}
      required={required}
      maxLength={max}
      disabled={disabled}
      error={err(`${path}.${f}`)}
      onTouch={touch}
      onChange={(v) => onChange({ ...value, [f]: v })}
    />
  );
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      {field('street', true, 100)}
      {field('addition', false, 100)}
      {field('zip', true, 10)}
      {field('town', true, 60)}
      {showRegion && field('region', false, 60)}
    </SimpleGrid>
  );
}

export const emptyAddress = (addressType: Address['addressType'], country: string): Address => ({
  addressType,
  street: '',
  addition: '',
  zip: '',
  town: '',
  region: '',
  country,
});
