import * as endpoints from '../../../domain/api/endpoints/calculations';
import { Alert, Box, Button, Flex, Heading, Skeleton, Stack } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, call } from '../../../client/http';
import { FieldMessages, SelectField } from '../../../client/ui/form-fields';
import { focusFirstError } from '../../../client/ui/focus-first-error';
import { notify } from '../../../client/ui/notify';
import { CONFIGURED_COUNTRIES, type CustomerConfiguration } from '../../../domain/customers/configuration';
import { CUSTOMER_NAME_MAX, type Customer } from '../../../domain/customers/schemas';
import { customerFormSchema } from '../../../domain/customers/party-schemas';
import { applicantConfigurationQuery } from '../api/queries';
import { emptyAddress } from '../components/address-fields';
import { CustomerForm, Section } from '../components/customer-form';
import { CustomerSearch } from '../components/customer-search';
import { ShortenNameDialog } from '../components/shorten-name-dialog';
import { NotFoundPage } from '../../../client/pages/not-found-page';
import { usePartyContext } from '../components/use-party-context';
import { serverErrorsOf } from '../components/server-errors';
import { useSchemaForm } from '../components/use-schema-form';
import { useFormat } from '../../../client/format/format';

/**
 * .../edit-customer for a new or a saved calculation: find the customer at the credit agency
 * (or enter it), complete what the country's rules ask for, and take it into the calculation.
 * A saved calculation's customer is saved at once (`PUT .../applicant`).
 */
export function EditCustomerPage() {
  const { t } = useTranslation();
  const ctx = usePartyContext();
  const [chosen, setChosen] = useState<string>();
  const countryIso = chosen ?? ctx.parties.applicant?.countryIso ?? ctx.countryIso;
  const config = useQuery({ ...applicantConfigurationQuery(countryIso), meta: { disableErrorPage: true } });
  if (!ctx.ready || config.isPending)
    return (
      <Stack gap="4" maxW="5xl" aria-busy="true">
        <Skeleton h="10" w="60" />
        <Skeleton h="48" />
      </Stack>
    );
  if (ctx.notFound) return <NotFoundPage />;
  if (ctx.loadFailed || config.isError)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('customer.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  // Another country has other fields and rules: its form starts afresh.
  return (
    <CustomerEditor
      key={countryIso}
      ctx={ctx}
      config={config.data}
      countries={CONFIGURED_COUNTRIES}
      onCountry={setChosen}
      startBlank={chosen !== undefined}
    />
  );
}

function blankCustomer(countryIso: string): Customer {
  return {
    name: '',
    countryIso,
    searchResultOrigin: 'manual',
    externalIds: [],
    telephoneNumbers: [],
    bankAccount: null,
    addresses: [emptyAddress('main', countryIso)],
    persons: [],
  };
}

function CustomerEditor({
  ctx,
  config,
  countries,
  onCountry,
  startBlank,
}: {
  ctx: ReturnType<typeof usePartyContext>;
  config: CustomerConfiguration;
  countries: string[];
  onCountry: (countryIso: string) => void;
  startBlank: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countryName = useFormat().country;
  const resolver = useMemo(() => zodResolver(customerFormSchema(config)), [config]);
  const start =
    startBlank || !ctx.parties.applicant ? blankCustomer(config.countryIso) : ctx.parties.applicant;
  // What the server refused at the editor's last save is marked at once.
  const form = useSchemaForm(resolver, start, startBlank ? {} : ctx.partyErrors.applicant);
  const [longName, setLongName] = useState<Customer | null>(null);
  const [saving, setSaving] = useState(false);

  // The form a selection filled is some screens below the results: brought into view, its
  // first field focused, so that the user sees (and a screen reader says) what was taken.
  const formRef = useRef<HTMLDivElement>(null);
  const showForm = () =>
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      formRef.current
        ?.querySelector<HTMLElement>('input:not([type=hidden]), select')
        ?.focus({ preventScroll: true });
    });
  const take = (c: Customer) => {
    if (c.name.length > CUSTOMER_NAME_MAX) return setLongName(c);
    form.set({ ...c, isReportRequired: ctx.reportRequired });
    showForm();
  };

  const save = form.submit(
    async (applicant) => {
      const reportIds = [
        ...ctx.parties.creditAgencyReportIds.filter((id) => id !== applicant.creditAgencyReportId),
      ];
      if (applicant.creditAgencyReportId && ctx.reportRequired)
        reportIds.push(applicant.creditAgencyReportId);
      if (ctx.saved) {
        setSaving(true);
        try {
          const { calculationSetId: setId, calculationVariantId: variantId } = ctx.saved;
          await call(
            endpoints.saveApplicant,
            { setId, variantId, companyCountryISO: config.countryIso },
            { body: applicant },
          );
          await ctx.refresh();
        } catch (error) {
          setSaving(false);
          const fieldErrors = serverErrorsOf(error, 'applicant.');
          if (fieldErrors) form.setServerErrors(fieldErrors);
          notify({
            type: 'error',
            title: t(
              error instanceof ApiError && error.status === 409
                ? 'calculation.errors.updateBlocked'
                : 'customer.saveFailed',
            ),
            correlationId: error instanceof ApiError ? error.correlationId : undefined,
          });
          return;
        }
      }
      await ctx.keep({ applicant, creditAgencyReportIds: reportIds });
      void navigate(ctx.base);
    },
    () => {
      notify({ type: 'warning', title: t('customer.invalid'), duration: 5000 });
      focusFirstError();
    },
  );

  return (
    <FieldMessages.Provider value="customer.errors">
      <Stack gap="6" maxW="5xl" pb="24">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {t(ctx.parties.applicant ? 'customer.editTitle' : 'customer.newTitle')}
          </Heading>
          <Button asChild variant="outline">
            <Link to={ctx.base}>{t('customer.back')}</Link>
          </Button>
        </Flex>
        {ctx.readOnly && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('calculation.readOnlyBrand')}</Alert.Title>
          </Alert.Root>
        )}
        <Box maxW="sm">
          <SelectField
            name="countryIso"
            label={t('customer.country')}
            value={config.countryIso}
            options={countries.map((c) => ({ value: c, label: countryName(c) }))}
            onTouch={() => undefined}
            onChange={onCountry}
          />
        </Box>
        <Section legend={t('customer.search.title')}>
          <CustomerSearch countryIso={config.countryIso} onSelected={take} />
        </Section>
        <Box ref={formRef} scrollMarginTop="20">
          <CustomerForm form={form} config={config} />
        </Box>
        <Flex
          position="sticky"
          bottom="0"
          bg="bg.panel"
          borderTopWidth="1px"
          py="3"
          px="4"
          justify="flex-end"
          gap="3"
        >
          <Button variant="outline" asChild>
            <Link to={ctx.base}>{t('calculation.cancel')}</Link>
          </Button>
          <Button
            colorPalette="brand"
            loading={saving}
            disabled={ctx.readOnly}
            onClick={() => void save()}
            data-testid="save-customer"
          >
            {t('customer.take')}
          </Button>
        </Flex>
      </Stack>
      {longName && (
        <ShortenNameDialog
          name={longName.name}
          onCancel={() => setLongName(null)}
          onAccept={(name) => {
            form.set({ ...longName, name, isReportRequired: ctx.reportRequired });
            setLongName(null);
            showForm();
          }}
        />
      )}
    </FieldMessages.Provider>
  );
}

export const Component = EditCustomerPage;
