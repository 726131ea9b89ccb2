import * as endpoints from '../../../domain/api/endpoints/customers';
import { SimpleGrid, Text } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../client/http';
import { SelectField, TextField } from '../../../client/ui/form-fields';
import type { BankAccount } from '../../../domain/customers/schemas';
import { isBankgiro, isIban, normalizeIban } from '../../../domain/customers/validation';

/** The bank account in the country's form: IBAN (with the bank's name looked up), bank giro, account and routing numbers, or Canada's transit, institution and account numbers. */
export function BankAccountFields({
  value,
  types,
  onChange,
  err,
  touch,
  path = 'bankAccount',
  disabled,
}: {
  value: BankAccount;
  types: BankAccount['type'][];
  onChange: (b: BankAccount) => void;
  err: (name: string) => string | undefined;
  touch: (name: string) => void;
  path?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const iban = normalizeIban(value.iban);
  const lookup = useQuery({
    queryKey: ['validateIban', iban],
    queryFn: () => call(endpoints.validateIban, { iban }),
    enabled: value.type === 'iban' && iban.length > 10 && isIban(iban),
    staleTime: Infinity,
    meta: { disableErrorPage: true },
  });
  const giro = value.bankgiroNumber.replace(/\s/g, '');
  const giroLookup = useQuery({
    queryKey: ['validateBankgironumber', giro],
    queryFn: () => call(endpoints.validateBankgiro, { number: giro }),
    enabled: value.type === 'bankgironumber' && isBankgiro(giro),
    staleTime: Infinity,
    meta: { disableErrorPage: true },
  });
  const institution =
    value.type === 'iban' ? lookup.data?.bicDetails?.institutionName : giroLookup.data?.bankgiroInstitution;
  const field = (
    f:
      | 'iban'
      | 'bankgiroNumber'
      | 'accountNumber'
      | 'routingNumber'
      | 'transitNumber'
      | 'institutionNumber'
      | 'holder'
      | 'bankName',
    required = false,
  ) => (
    <TextField
      name={`${path}.${f}`}
      label={t(`customer.bank.${f}`)}
      value={value[f] ?? ''}
      required={required}
      disabled={disabled}
      error={err(`${path}.${f}`)}
      onTouch={touch}
      onChange={(v) => onChange({ ...value, [f]: v })}
    />
  );
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      {types.length > 1 && (
        <SelectField
          name={`${path}.type`}
          label={t('customer.bank.type')}
          value={value.type}
          disabled={disabled}
          options={types.map((type) => ({ value: type, label: t(`customer.bank.types.${type}`) }))}
          onTouch={touch}
          onChange={(type) => onChange({ ...value, type })}
        />
      )}
      {value.type === 'iban' && field('iban')}
      {value.type === 'bankgironumber' && field('bankgiroNumber')}
      {value.type === 'account' && (
        <>
          {field('accountNumber')}
          {field('routingNumber')}
        </>
      )}
      {value.type === 'transit' && (
        <>
          {field('transitNumber')}
          {field('institutionNumber')}
          {field('accountNumber')}
        </>
      )}
      {field('holder')}
      {field('bankName')}
      {institution && (
        <Text fontSize="sm" color="fg.muted" gridColumn="1 / -1" data-testid="bank-institution">
          {t('customer.bank.institution', { name: institution })}
        </Text>
      )}
    </SimpleGrid>
  );
}

export const emptyBankAccount = (type: BankAccount['type']): BankAccount => ({
  type,
  iban: '',
  holder: '',
  bankName: '',
  accountNumber: '',
  routingNumber: '',
  bankgiroNumber: '',
  transitNumber: '',
  institutionNumber: '',
});
