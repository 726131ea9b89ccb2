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
} from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../client/http';
import { FieldMessages, TextField } from '../../../client/ui/form-fields';
import { notify } from '../../../client/ui/notify';
import { findAction, type Action, type Entity } from '../../../domain/hypermedia';
import type { AccessCodes, PartnerSignee } from '../../../domain/api/signing';
import type { ESignatureRequestInput } from '../../../domain/signing';
import type { VariantProperties } from '../../../client/calculation/types';
import { useProcessCall } from '../../../client/calculation/process-call';
import { eSignatureRefusal } from './esign-refusal';
import { RefusalAlert, useRefusal } from './refusal-alert';

interface SigneeFields {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
}
const EMPTY: SigneeFields = { title: '', firstName: '', lastName: '', email: '', mobileNumber: '' };
/** Title and name on the first row, how to reach the signee on the second. */
const ROWS = [
  ['title', 'firstName', 'lastName'],
  ['email', 'mobileNumber'],
] as const;

/**
 * The e-signature request of the contract details (portal specification, “Entities and their fields” and “Validation rules”): one or two
 * customer signees (single or joint signature), the partner's signee (kept on the user), the
 * delivery confirmation. The server checks the signer rules; its refusals show on the fields.
 */
export function ESignatureForm({ action, variant }: { action: Action; variant: VariantProperties }) {
  const { t, i18n } = useTranslation();
  const { refusal, setRefusal, refreshing, refresh } = useRefusal();
  const call = useProcessCall<ESignatureRequestInput>();
  const directors = variant.applicant?.persons.filter((p) => p.position === 'director') ?? [];
  const [joint, setJoint] = useState(false);
  // Joint signature: both at once (signing order 1, 1) or the second after the first (1, 2).
  const [inTurn, setInTurn] = useState(false);
  // The customer signees allowed for this calculation (the decision may allow only one).
  const maxSignees = variant.maxCustomerSignees;
  const together = joint && maxSignees > 1;
  const [customers, setCustomers] = useState<SigneeFields[]>(
    [0, 1].map((i) => ({
      ...EMPTY,
      firstName: directors[i]?.firstName ?? '',
      lastName: directors[i]?.lastName ?? '',
    })),
  );
  const [partner, setPartner] = useState<SigneeFields>(EMPTY);
  const [delivery, setDelivery] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const kept = useQuery({
    queryKey: ['session', 'signeepartner'],
    queryFn: () => api<PartnerSignee>('user/signeepartner'),
    retry: false,
    meta: { disableErrorPage: true, ignore403: true },
  });
  const [keptSeen, setKeptSeen] = useState<typeof kept.data>();
  if (kept.data !== keptSeen) {
    const p = kept.data;
    setKeptSeen(p);
    if (p)
      setPartner({
        title: '',
        firstName: p.firstName,
        lastName: p.surname,
        email: p.email ?? '',
        mobileNumber: p.telephone,
      });
  }

  const submit = async () => {
    setErrors({});
    setRefusal(undefined);
    const body: ESignatureRequestInput = {
      customerContractSignees: (together ? customers : customers.slice(0, 1)).map((s, i) => ({
        ...s,
        signingOrder: together && inTurn ? i + 1 : 1,
      })),
      partnerContractSignees: partner.email ? [{ ...partner, signingOrder: 1 }] : [],
      useDeliveryConfirmation: delivery,
    };
    try {
      await call.mutateAsync({ action, body, ifMatch: variant.etag });
      if (partner.email)
        void api('user/signeepartner', {
          method: 'PUT',
          body: {
            firstName: partner.firstName,
            surname: partner.lastName,
            email: partner.email,
            telephone: partner.mobileNumber,
          },
        }).catch(() => undefined);
      notify({ type: 'success', title: t('esign.started'), duration: 6000 });
    } catch (e) {
      const params = e instanceof ApiError ? (e.problem?.['invalid-params'] ?? []) : [];
      if (params.length) setErrors(Object.fromEntries(params.map((p) => [p.name, p.reason])));
      else setRefusal(eSignatureRefusal(e, t, (k) => i18n.exists(k), 'esign.errors.start'));
    }
  };

  const fields = (prefix: string, value: SigneeFields, change: (v: SigneeFields) => void) =>
    ROWS.map((row) => (
      <SimpleGrid
        key={row[0]}
        templateColumns={{ base: '1fr', md: row.length === 3 ? '8rem 1fr 1fr' : '1fr 1fr' }}
        gap="3"
      >
        {row.map((f) => (
          <TextField
            key={f}
            name={`${prefix}.${f}`}
            label={t(`esign.fields.${f}`)}
            required={f !== 'title'}
            type={f === 'email' ? 'email' : f === 'mobileNumber' ? 'tel' : 'text'}
            placeholder={f === 'mobileNumber' ? '+46 70 123 45 67' : f === 'title' ? 'Dr.' : undefined}
            value={value[f]}
            onChange={(v) => change({ ...value, [f]: v })}
            error={errors[`${prefix}.${f}`]}
            onTouch={() => undefined}
          />
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
              checked={joint}
              onCheckedChange={(e) => setJoint(e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('esign.joint')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          {errors.customerContractSignees && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {t(`esign.errors.${errors.customerContractSignees}`, {
                defaultValue: errors.customerContractSignees,
              })}
            </Text>
          )}
          {together && (
            <Checkbox.Root
              recipe={checkboxSlotRecipe}
              checked={inTurn}
              onCheckedChange={(e) => setInTurn(e.checked === true)}
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
              {fields(`customerContractSignees.${i}`, customers[i]!, (v) =>
                setCustomers((all) => all.map((x, k) => (k === i ? v : x))),
              )}
            </Stack>
          ))}
          <Stack gap="2" data-testid="partner-signee">
            <Text fontWeight="semibold">{t('esign.partnerSignee')}</Text>
            {errors.partnerContractSignees && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {t(`esign.errors.${errors.partnerContractSignees}`, {
                  defaultValue: errors.partnerContractSignees,
                })}
              </Text>
            )}
            {fields('partnerContractSignees.0', partner, setPartner)}
          </Stack>
          <Checkbox.Root
            recipe={checkboxSlotRecipe}
            checked={delivery}
            onCheckedChange={(e) => setDelivery(e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('esign.deliveryConfirmation')}</Checkbox.Label>
          </Checkbox.Root>
          {refusal && <RefusalAlert refusal={refusal} refreshing={refreshing} onRefresh={refresh} />}
          <Button
            colorPalette="brand"
            alignSelf="flex-start"
            loading={call.isPending}
            disabled={refreshing}
            onClick={() => void submit()}
            data-testid="start-esignature"
          >
            {t('esign.start')}
          </Button>
        </Card.Body>
      </Card.Root>
    </FieldMessages.Provider>
  );
}

/** A running e-signature: who signs, their access codes, cancel or change to paper. */
export function ESignatureStatus({ entity }: { entity: Entity<VariantProperties> }) {
  const { t, i18n } = useTranslation();
  const { refusal, setRefusal, refreshing, refresh } = useRefusal();
  const v = entity.properties;
  const call = useProcessCall();
  const codes = useQuery({
    queryKey: ['calculations', 'otp', v.calculationSetId, v.calculationVariantId, v.state],
    queryFn: () =>
      api<AccessCodes>(
        `digitalsignature/econtract/otp?calculationSetId=${v.calculationSetId}&calculationVariantId=${v.calculationVariantId}`,
      ),
    retry: false,
    meta: { disableErrorPage: true, ignore403: true },
  });
  const cancel = findAction(entity, 'cancel-esignature');
  const toPaper = findAction(entity, 'change-to-papercontract');
  const run = async (action: Action | undefined, done: string) => {
    if (!action) return;
    setRefusal(undefined);
    try {
      await call.mutateAsync({ action });
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
