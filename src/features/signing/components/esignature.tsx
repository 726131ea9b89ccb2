import * as endpoints from '../../../domain/api/endpoints/process';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Text,
  checkboxSlotRecipe,
} from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../client/http';
import { FieldMessages, TextField } from '../../../client/ui/form-fields';
import { notify } from '../../../client/ui/notify';
import { findAction, type Action, type Entity } from '../../../domain/hypermedia';
import type { ESignatureRequest, ESignatureRequestInput } from '../../../domain/signing';
import type { VariantProperties } from '../../../client/calculation/types';
import { useProcessCall } from '../../../client/calculation/process-call';
import { eSignatureRefusal } from './esign-refusal';
import { RefusalAlert, useRefusal } from './refusal-alert';
import {
  isSigneePath,
  SIGNEE_FIELDS,
  useESignatureForm,
  type ESignatureValues,
  type SigneeField,
  type SigneePath,
} from './esignature-start';

/** Title and name on the first row, how to reach the signee on the second. */
const ROWS = [
  ['title', 'firstName', 'lastName'],
  ['email', 'mobileNumber'],
] as const;
const LISTS = ['customerContractSignees', 'partnerContractSignees'] as const;
type ListName = (typeof LISTS)[number];

/**
 * The e-signature request of the contract details (portal specification, “Entities and their fields” and “Validation rules”): one or two
 * customer signees (single or joint signature), the partner's signee (kept on the user), the
 * delivery confirmation. The form checks the server's schema and signer rules before sending;
 * the server's refusals show on the fields.
 */
export function ESignatureForm({ action, variant }: { action: Action; variant: VariantProperties }) {
  const { t, i18n } = useTranslation();
  const { refusal, setRefusal, refreshing, refresh } = useRefusal();
  const processCall = useProcessCall<ESignatureRequestInput>();
  const { control, handleSubmit, setError, setValue, formState } = useESignatureForm(variant);
  const { field: joint } = useController({ control, name: 'joint' });
  // Joint signature: both at once (signing order 1, 1) or the second after the first (1, 2).
  const { field: inTurn } = useController({ control, name: 'inTurn' });
  const { field: delivery } = useController({ control, name: 'useDeliveryConfirmation' });
  // The customer signees allowed for this calculation (the decision may allow only one).
  const maxSignees = variant.maxCustomerSignees;
  const together = joint.value && maxSignees > 1;
  // The server's refusals of a whole list (its fields' show on the fields).
  const [lists, setLists] = useState<Partial<Record<ListName, string>>>({});
  const listError = (name: ListName) =>
    lists[name] ?? formState.errors[name]?.root?.message ?? formState.errors[name]?.message;
  const kept = useQuery({
    queryKey: ['session', 'signeepartner'],
    queryFn: () => call(endpoints.partnerSignee, {}),
    retry: false,
    meta: { disableErrorPage: true, ignore403: true },
  });
  useEffect(() => {
    const p = kept.data;
    if (!p) return;
    const partner = {
      title: '',
      firstName: p.firstName,
      lastName: p.surname,
      email: p.email ?? '',
      mobileNumber: p.telephone,
    };
    for (const f of SIGNEE_FIELDS) setValue(`partnerContractSignees.0.${f}`, partner[f]);
  }, [kept.data, setValue]);

  const send = handleSubmit(async (body) => {
    try {
      await processCall.mutateAsync({ action, body, ifMatch: variant.etag });
      const partner = body.partnerContractSignees[0];
      if (partner)
        void call(
          endpoints.savePartnerSignee,
          {},
          {
            body: {
              firstName: partner.firstName,
              surname: partner.lastName,
              email: partner.email,
              telephone: partner.mobileNumber,
            },
          },
        ).catch(() => undefined);
      notify({ type: 'success', title: t('esign.started'), duration: 6000 });
    } catch (e) {
      const params = e instanceof ApiError ? (e.problem?.['invalid-params'] ?? []) : [];
      if (!params.length)
        return setRefusal(eSignatureRefusal(e, t, (k) => i18n.exists(k), 'esign.errors.start'));
      for (const p of params)
        if (isSigneePath(p.name)) setError(p.name, { type: 'server', message: p.reason });
      setLists(
        Object.fromEntries(
          params.filter((p) => LISTS.some((l) => l === p.name)).map((p) => [p.name, p.reason]),
        ),
      );
    }
  });
  const submit = () => {
    setLists({});
    setRefusal(undefined);
    void send();
  };

  const fields = (prefix: `${ListName}.${number}`) =>
    ROWS.map((row) => (
      <SimpleGrid
        key={row[0]}
        templateColumns={{ base: '1fr', md: row.length === 3 ? '8rem 1fr 1fr' : '1fr 1fr' }}
        gap="3"
      >
        {row.map((f) => (
          <SigneeInput key={f} control={control} name={`${prefix}.${f}`} field={f} />
        ))}
      </SimpleGrid>
    ));

  return (
    <FieldMessages.Provider value="esign.errors">
      <Card.Root data-testid="esignature-form">
        <Card.Header>
          <Heading as="h2" size="md">
            {t('esign.title')}
          </Heading>
        </Card.Header>
        <Card.Body gap="5">
          {maxSignees > 1 && (
            <Checkbox.Root
              recipe={checkboxSlotRecipe}
              checked={joint.value}
              onCheckedChange={(e) => joint.onChange(e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('esign.joint')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          <ListError error={listError('customerContractSignees')} />
          {together && (
            <Checkbox.Root
              recipe={checkboxSlotRecipe}
              checked={inTurn.value}
              onCheckedChange={(e) => inTurn.onChange(e.checked === true)}
              ms="6"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('esign.inTurn')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          {(together ? [0, 1] : [0]).map((i) => (
            <Stack key={i} gap="2" data-testid={`customer-signee-${i}`}>
              <Text fontWeight="semibold">{t('esign.customerSignee', { n: i + 1 })}</Text>
              {fields(`customerContractSignees.${i}`)}
            </Stack>
          ))}
          <Stack gap="2" data-testid="partner-signee">
            <Text fontWeight="semibold">{t('esign.partnerSignee')}</Text>
            <ListError error={listError('partnerContractSignees')} />
            {fields('partnerContractSignees.0')}
          </Stack>
          <Checkbox.Root
            recipe={checkboxSlotRecipe}
            checked={delivery.value}
            onCheckedChange={(e) => delivery.onChange(e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('esign.deliveryConfirmation')}</Checkbox.Label>
          </Checkbox.Root>
          {refusal && <RefusalAlert refusal={refusal} refreshing={refreshing} onRefresh={refresh} />}
          <Button
            colorPalette="brand"
            alignSelf="flex-start"
            loading={processCall.isPending}
            disabled={refreshing}
            onClick={submit}
            data-testid="start-esignature"
          >
            {t('esign.start')}
          </Button>
        </Card.Body>
      </Card.Root>
    </FieldMessages.Provider>
  );
}

/** A refusal of a whole list of signees (too many, their order, the partner's missing). */
function ListError({ error }: { error?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Text color="fg.error" fontSize="sm" role="alert">
      {t(`esign.errors.${error}`, { defaultValue: error })}
    </Text>
  );
}

function SigneeInput({
  control,
  name,
  field: f,
}: {
  control: Control<ESignatureValues, unknown, ESignatureRequest>;
  name: SigneePath;
  field: SigneeField;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      name={name}
      label={t(`esign.fields.${f}`)}
      required={f !== 'title'}
      type={f === 'email' ? 'email' : f === 'mobileNumber' ? 'tel' : 'text'}
      placeholder={f === 'mobileNumber' ? '+46 70 123 45 67' : f === 'title' ? 'Dr.' : undefined}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
      onTouch={field.onBlur}
    />
  );
}

/** A running e-signature: who signs, their access codes, cancel or change to paper. */
export function ESignatureStatus({ entity }: { entity: Entity<VariantProperties> }) {
  const { t, i18n } = useTranslation();
  const { refusal, setRefusal, refreshing, refresh } = useRefusal();
  const v = entity.properties;
  const processCall = useProcessCall();
  const codes = useQuery({
    queryKey: ['calculations', 'otp', v.calculationSetId, v.calculationVariantId, v.state],
    queryFn: () =>
      call(endpoints.esignatureAccessCodes, {
        calculationSetId: v.calculationSetId,
        calculationVariantId: v.calculationVariantId,
      }),
    retry: false,
    meta: { disableErrorPage: true, ignore403: true },
  });
  const cancel = findAction(entity, 'cancel-esignature');
  const toPaper = findAction(entity, 'change-to-papercontract');
  const run = async (action: Action | undefined, done: string) => {
    if (!action) return;
    setRefusal(undefined);
    try {
      await processCall.mutateAsync({ action });
      notify({ type: 'success', title: t(done), duration: 5000 });
    } catch (e) {
      setRefusal(eSignatureRefusal(e, t, (k) => i18n.exists(k), 'esign.errors.cancel'));
    }
  };
  return (
    <Card.Root data-testid="esignature-status">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('esign.running')}
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <Text>{t(`states.${v.state}`)}</Text>
        {codes.data && (
          <Stack gap="2" data-testid="access-codes">
            <Text fontSize="sm" color="fg.muted">
              {t('esign.codesText')}
            </Text>
            {codes.data.signees.map((s) => (
              <Flex key={`${s.role}-${s.name}`} gap="3" align="center" wrap="wrap">
                <Box minW="40">{s.name}</Box>
                <Badge variant="subtle">{t(`esign.roles.${s.role}`)}</Badge>
                <Text fontFamily="mono" fontSize="lg" data-testid={`access-code-${s.role}`}>
                  {s.accessCode}
                </Text>
                {s.status === 'completed' && <Badge colorPalette="green">{t('esign.signed')}</Badge>}
              </Flex>
            ))}
          </Stack>
        )}
        {codes.isError && (
          <Alert.Root status="warning" data-testid="access-codes-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('esign.errors.codes')}</Alert.Title>
            </Alert.Content>
            <Button
              size="sm"
              variant="outline"
              loading={codes.isFetching}
              onClick={() => void codes.refetch()}
            >
              {t('esign.retry')}
            </Button>
          </Alert.Root>
        )}
        {refusal && <RefusalAlert refusal={refusal} refreshing={refreshing} onRefresh={refresh} />}
        {toPaper && (v.state === 'awaitingCustomerSignature' || v.state === 'awaitingPartnerSignature') && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('esign.paperNotice')}</Alert.Title>
          </Alert.Root>
        )}
        <Flex gap="2" wrap="wrap">
          {toPaper && (
            <Button
              variant="outline"
              disabled={refreshing}
              onClick={() => void run(toPaper, 'esign.changedToPaper')}
            >
              {t('esign.changeToPaper')}
            </Button>
          )}
          {cancel && (
            <Button
              variant="ghost"
              colorPalette="red"
              disabled={refreshing}
              onClick={() => void run(cancel, 'esign.cancelled')}
              data-testid="cancel-esignature"
            >
              {t('esign.cancel')}
            </Button>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
