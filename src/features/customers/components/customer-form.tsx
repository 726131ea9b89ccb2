import {
  Button,
  Fieldset,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  fieldsetSlotRecipe,
} from '../../../client/ui/chakra';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../client/ui/form-fields';
import type { CustomerConfiguration, CustomerField } from '../../../domain/customers/configuration';
import { PHONE_TYPES, type Address, type Customer } from '../../../domain/customers/schemas';
import { AddressFields, emptyAddress } from './address-fields';
import { BankAccountFields, emptyBankAccount } from './bank-account-fields';
import { emptyPerson, PersonFields } from './person-fields';
import type { SchemaForm } from './use-schema-form';

/** Every field of the customer that the country's configuration shows (portal specification, “Entities and their fields”). */
export function CustomerForm({
  form,
  config,
}: {
  form: SchemaForm<Customer>;
  config: CustomerConfiguration;
}) {
  const { t } = useTranslation();
  const c = form.value;
  const set = (patch: Partial<Customer>) => form.set((v) => ({ ...v, ...patch }));
  const shown = (f: CustomerField) => config.fields[f] !== 'hidden';
  const required = (f: CustomerField) => config.fields[f] === 'mandatory';
  const country = config.countryIso;
  const text = (
    f: 'registrationNumber' | 'vatId' | 'taxId' | 'tradeRegisterId' | 'region' | 'email' | 'website',
    max: number,
  ) =>
    shown(f) && (
      <TextField
        name={f}
        label={t(`customer.fields.${f}`)}
        value={c[f] ?? ''}
        required={required(f)}
        maxLength={max}
        error={form.err(f)}
        onTouch={form.touch}
        onChange={(v) => set({ [f]: v })}
      />
    );
  const setAddress = (type: Address['addressType'], a: Address | null) =>
    set({
      addresses: [...c.addresses.filter((x) => x.addressType !== type), ...(a ? [a] : [])].sort(
        (x, y) => ORDER.indexOf(x.addressType) - ORDER.indexOf(y.addressType),
      ),
    });
  const indexOf = (type: Address['addressType']) => c.addresses.findIndex((a) => a.addressType === type);
  const phone = (type: (typeof PHONE_TYPES)[number]) =>
    c.telephoneNumbers.find((p) => p.type === type)?.number ?? '';
  const setPhone = (type: (typeof PHONE_TYPES)[number], number: string) =>
    set({
      telephoneNumbers: [
        ...c.telephoneNumbers.filter((p) => p.type !== type),
        ...(number.trim() ? [{ type, number }] : []),
      ],
    });

  return (
    <Stack gap="6">
      <Section legend={t('customer.sections.company')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField
            name="name"
            label={t('customer.fields.name')}
            value={c.name}
            required
            maxLength={200}
            error={form.err('name')}
            onTouch={form.touch}
            onChange={(name) => set({ name })}
          />
          {shown('legalForm') && (
            <SelectField
              name="legalForm"
              label={t('customer.fields.legalForm')}
              value={c.legalForm ?? ''}
              required={required('legalForm')}
              error={form.err('legalForm')}
              options={[
                { value: '', label: t('customer.choose') },
                ...config.legalForms.map((l) => ({ value: l.code, label: l.label })),
              ]}
              onTouch={form.touch}
              onChange={(legalForm) => set({ legalForm, legalFormCountryISO: country })}
            />
          )}
          {text('registrationNumber', 50)}
          {text('vatId', 30)}
          {text('taxId', 30)}
          {text('tradeRegisterId', 50)}
          {text('region', 60)}
          {shown('dateOfEstablishment') && (
            <TextField
              name="dateOfEstablishment"
              type="date"
              label={t('customer.fields.dateOfEstablishment')}
              value={c.dateOfEstablishment ?? ''}
              error={form.err('dateOfEstablishment')}
              onTouch={form.touch}
              onChange={(v) => set({ dateOfEstablishment: v || null })}
            />
          )}
          {text('email', 254)}
          {text('website', 200)}
          {config.registrationRule === 'codiceUnivocoOrPec' && (
            <>
              <TextField
                name="codiceUnivoco"
                label={t('customer.fields.codiceUnivoco')}
                value={c.codiceUnivoco ?? ''}
                maxLength={7}
                error={form.err('codiceUnivoco')}
                onTouch={form.touch}
                onChange={(codiceUnivoco) => set({ codiceUnivoco })}
              />
              <TextField
                name="pec"
                label={t('customer.fields.pec')}
                value={c.pec ?? ''}
                error={form.err('pec')}
                onTouch={form.touch}
                onChange={(pec) => set({ pec })}
              />
            </>
          )}
        </SimpleGrid>
      </Section>

      <Section legend={t('customer.sections.addresses')} error={form.err('addresses')}>
        {ORDER.map((type) => {
          const k = indexOf(type);
          if (k < 0)
            return type === 'main' ? (
              <Button
                key={type}
                size="sm"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => setAddress('main', emptyAddress('main', country))}
              >
                {t('customer.address.addMain')}
              </Button>
            ) : null;
          return (
            <Stack key={type} gap="2">
              <HStack justify="space-between">
                <Text fontWeight="medium" fontSize="sm">
                  {t(`customer.address.types.${type}`)}
                </Text>
                {type !== 'main' && (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setAddress(type, null)}>
                    {t('customer.remove')}
                  </Button>
                )}
              </HStack>
              <AddressFields
                value={c.addresses[k]!}
                path={`addresses.${k}`}
                showRegion={shown('region')}
                err={form.err}
                touch={form.touch}
                onChange={(a) => setAddress(type, a)}
              />
            </Stack>
          );
        })}
        <HStack wrap="wrap">
          {(['billing', 'delivery'] as const)
            .filter((type) => indexOf(type) < 0)
            .map((type) => (
              <Button
                key={type}
                size="sm"
                variant="outline"
                onClick={() => setAddress(type, emptyAddress(type, country))}
              >
                {t(`customer.address.add.${type}`)}
              </Button>
            ))}
        </HStack>
      </Section>

      {shown('telephone') && (
        <Section legend={t('customer.sections.phones')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {PHONE_TYPES.map((type) => {
              const k = c.telephoneNumbers.findIndex((p) => p.type === type);
              return (
                <TextField
                  key={type}
                  name={`phone.${type}`}
                  type="tel"
                  label={t(`customer.phone.${type}`)}
                  helper={t('customer.phoneFormat')}
                  value={phone(type)}
                  error={k >= 0 ? form.err(`telephoneNumbers.${k}.number`) : undefined}
                  onTouch={() => k >= 0 && form.touch(`telephoneNumbers.${k}.number`)}
                  onChange={(number) => setPhone(type, number)}
                />
              );
            })}
          </SimpleGrid>
        </Section>
      )}

      {shown('bankAccount') && (
        <Section legend={t('customer.sections.bank')} error={form.err('bankAccount')}>
          <BankAccountFields
            value={c.bankAccount ?? emptyBankAccount(config.bankAccountTypes[0] ?? 'iban')}
            types={config.bankAccountTypes}
            err={form.err}
            touch={form.touch}
            onChange={(bankAccount) => set({ bankAccount })}
          />
        </Section>
      )}

      {shown('persons') && (
        <Section legend={t('customer.sections.persons')} error={form.err('persons')}>
          {c.persons.map((p, k) => (
            <PersonFields
              key={k}
              value={p}
              index={k}
              country={country}
              err={form.err}
              touch={form.touch}
              onChange={(person) => set({ persons: c.persons.map((x, i) => (i === k ? person : x)) })}
              onRemove={() => set({ persons: c.persons.filter((_, i) => i !== k) })}
            />
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => set({ persons: [...c.persons, emptyPerson()] })}
          >
            {t('customer.person.add')}
          </Button>
        </Section>
      )}
    </Stack>
  );
}

const ORDER: Address['addressType'][] = ['main', 'billing', 'delivery'];

export function Section({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset.Root
      recipe={fieldsetSlotRecipe}
      invalid={!!error}
      bg="bg.panel"
      borderWidth="1px"
      rounded="l2"
      p="4"
    >
      <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
      {error && <Fieldset.ErrorText>{t(`customer.errors.${error}`)}</Fieldset.ErrorText>}
      <Fieldset.Content gap="3">{children}</Fieldset.Content>
    </Fieldset.Root>
  );
}
