import { SimpleGrid } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../client/ui/form-fields';
import type { PartyConfiguration } from '../../../domain/customers/configuration';
import type { Party } from '../../../domain/customers/schemas';
import { AddressFields, emptyAddress } from './address-fields';
import { BankAccountFields, emptyBankAccount } from './bank-account-fields';
import { Section } from './customer-form';
import type { SchemaForm } from './use-schema-form';

/** Supplier or sublessee: company data, one address, one phone, a bank account where asked. */
export function PartyForm({ form, config }: { form: SchemaForm<Party>; config: PartyConfiguration }) {
  const { t } = useTranslation();
  const p = form.value;
  const set = (patch: Partial<Party>) => form.set((v) => ({ ...v, ...patch }));
  const text = (f: 'name' | 'registrationNumber' | 'vatId' | 'email', required: boolean, max: number) => (
    <TextField
      name={f}
      label={t(`customer.fields.${f}`)}
      value={p[f] ?? ''}
      required={required}
      maxLength={max}
      error={form.err(f)}
      onTouch={form.touch}
      onChange={(v) => set({ [f]: v })}
    />
  );
  return (
    <>
      <Section legend={t('customer.sections.company')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {text('name', true, 200)}
          {config.fields.registrationNumber !== 'hidden' &&
            text('registrationNumber', config.fields.registrationNumber === 'mandatory', 50)}
          {config.fields.vatId !== 'hidden' && text('vatId', false, 30)}
          {config.fields.email !== 'hidden' && text('email', false, 254)}
          {config.fields.telephone !== 'hidden' && (
            <TextField
              name="telephoneNumber.number"
              type="tel"
              label={t('customer.phone.landline')}
              helper={t('customer.phoneFormat')}
              value={p.telephoneNumber?.number ?? ''}
              error={form.err('telephoneNumber.number')}
              onTouch={form.touch}
              onChange={(number) =>
                set({ telephoneNumber: number.trim() ? { type: 'landline', number } : null })
              }
            />
          )}
        </SimpleGrid>
      </Section>
      <Section legend={t('customer.address.types.main')} error={form.err('address')}>
        <AddressFields
          value={p.address ?? emptyAddress('main', config.countryIso)}
          path="address"
          err={form.err}
          touch={form.touch}
          onChange={(address) => set({ address })}
        />
      </Section>
      {config.fields.bankAccount !== 'hidden' && (
        <Section legend={t('customer.sections.bank')}>
          <BankAccountFields
            value={p.bankAccount ?? emptyBankAccount(config.bankAccountTypes[0] ?? 'iban')}
            types={config.bankAccountTypes}
            err={form.err}
            touch={form.touch}
            onChange={(bankAccount) => set({ bankAccount })}
          />
        </Section>
      )}
    </>
  );
}
