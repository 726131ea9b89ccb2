import * as endpoints from '../../../domain/api/endpoints/calculations';
import { Alert, Button, Flex, Heading, Skeleton, Stack } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, call } from '../../../client/http';
import { FieldMessages } from '../../../client/ui/form-fields';
import { focusFirstError } from '../../../client/ui/focus-first-error';
import { notify } from '../../../client/ui/notify';
import type { PartyConfiguration } from '../../../domain/customers/configuration';
import { cleanParty, partyFormSchema } from '../../../domain/customers/party-schemas';
import { partyConfigurationQuery } from '../api/queries';
import { emptyAddress } from './address-fields';
import { PartyForm } from './party-form';
import { serverErrorsOf } from './server-errors';
import { NotFoundPage } from '../../../client/pages/not-found-page';
import { usePartyContext } from './use-party-context';
import { useSchemaForm } from './use-schema-form';

/**
 * .../edit-supplier and .../edit-sublessee. For a saved calculation the variant is saved with the
 * new party at once; for a new one the party goes into the editor's draft.
 */
export function EditPartyPage({ kind }: { kind: 'supplier' | 'sublessee' }) {
  const { t } = useTranslation();
  const ctx = usePartyContext();
  const countryIso = ctx.parties[kind]?.countryIso ?? ctx.countryIso;
  const config = useQuery({ ...partyConfigurationQuery(kind, countryIso), meta: { disableErrorPage: true } });
  if (!ctx.ready || config.isPending)
    return (
      <Stack gap="4" maxW="4xl" aria-busy="true">
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
  return <PartyEditor kind={kind} ctx={ctx} config={config.data} />;
}

function PartyEditor({
  kind,
  ctx,
  config,
}: {
  kind: 'supplier' | 'sublessee';
  ctx: ReturnType<typeof usePartyContext>;
  config: PartyConfiguration;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Checked as it is sent: an address, phone or bank account left empty goes as null.
  const resolver = useMemo(() => zodResolver(partyFormSchema(config)), [config]);
  const form = useSchemaForm(
    resolver,
    ctx.parties[kind] ?? {
      name: '',
      countryIso: config.countryIso,
      telephoneNumber: null,
      bankAccount: null,
      address: emptyAddress('main', config.countryIso),
    },
    ctx.partyErrors[kind],
  );
  const [saving, setSaving] = useState(false);

  const save = form.submit(
    async (value) => {
      const party = cleanParty(value);
      if (ctx.saved) {
        const s = ctx.saved;
        setSaving(true);
        try {
          await call(
            endpoints.saveVariant,
            { setId: s.calculationSetId, variantId: s.calculationVariantId },
            {
              headers: { 'If-Match': s.etag },
              body: {
                calculationVariant: s.calculationVariant,
                applicant: s.applicant,
                supplier: s.supplier,
                sublessee: s.sublessee,
                creditAgencyReportIds: s.creditAgencyReportIds,
                [kind]: party,
              },
            },
          );
          await ctx.refresh();
        } catch (error) {
          setSaving(false);
          const fieldErrors = serverErrorsOf(error, `${kind}.`);
          if (fieldErrors) form.setServerErrors(fieldErrors);
          const status = error instanceof ApiError ? error.status : 0;
          notify({
            type: 'error',
            title: t(
              status === 409
                ? 'calculation.errors.updateBlocked'
                : status === 412
                  ? 'calculation.conflict.title'
                  : 'customer.saveFailed',
            ),
            correlationId: error instanceof ApiError ? error.correlationId : undefined,
          });
          return;
        }
      }
      await ctx.keep({ [kind]: party });
      void navigate(ctx.base);
    },
    () => {
      notify({ type: 'warning', title: t('customer.invalid'), duration: 5000 });
      focusFirstError();
    },
  );

  return (
    <FieldMessages.Provider value="customer.errors">
      <Stack gap="6" maxW="4xl" pb="24">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {t(`customer.${kind}Title`)}
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
        <PartyForm form={form} config={config} />
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
          {ctx.parties[kind] && !ctx.saved && (
            <Button
              variant="ghost"
              colorPalette="red"
              onClick={() => void ctx.keep({ [kind]: null }).then(() => navigate(ctx.base))}
            >
              {t('customer.removeParty')}
            </Button>
          )}
          <Button variant="outline" asChild>
            <Link to={ctx.base}>{t('calculation.cancel')}</Link>
          </Button>
          <Button
            colorPalette="brand"
            loading={saving}
            disabled={ctx.readOnly}
            onClick={() => void save()}
            data-testid={`save-${kind}`}
          >
            {t('customer.take')}
          </Button>
        </Flex>
      </Stack>
    </FieldMessages.Provider>
  );
}
