import * as endpoints from '../../../domain/api/endpoints/process';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Flex,
  Heading,
  QrCode,
  Stack,
  Text,
  qrCodeSlotRecipe,
} from '../../../client/ui/chakra';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, followAction } from '../../../client/http';
import { FieldMessages } from '../../../client/ui/form-fields';
import { notify } from '../../../client/ui/notify';
import type { BankIdStatus } from '../../../domain/api/signing';
import { findAction, type Action, type Entity } from '../../../domain/hypermedia';
import type { VariantProperties } from '../../../client/calculation/types';
import { isSigneePath, useBankIdStartForm } from './bankid-start';
import { BankIdStartForm } from './bankid-start-form';

/** BankID's hints the page explains (anything else gets the general text of its status). */
const PENDING_HINTS = [
  'outstandingTransaction',
  'noClient',
  'started',
  'userSign',
  'userMrtd',
  'userCallConfirm',
  'starting',
];
const FAILED_HINTS = [
  'userCancel',
  'expiredTransaction',
  'cancelled',
  'certificateErr',
  'startFailed',
  'userDeclinedCall',
  'notSupportedByUserApp',
  'alreadyInProgress',
];

const statusKey = (v?: Pick<VariantProperties, 'calculationSetId' | 'calculationVariantId'>) =>
  ['bankid', v?.calculationSetId ?? '', v?.calculationVariantId ?? ''] as const;

/**
 * The BankID signing of a variant, asked every second while a signee is to sign (the QR code
 * changes every second). Null when no BankID signing was started (the server's 404). The
 * calculation views are refreshed whenever the signing moves the state on.
 */
export function useBankIdStatus(entity?: Entity<VariantProperties> | null) {
  const queryClient = useQueryClient();
  const action = entity && findAction(entity, 'bankid-status');
  const query = useQuery({
    queryKey: statusKey(entity?.properties),
    queryFn: async ({ signal }) => {
      try {
        return await followAction(action!, endpoints.bankIdStatus, undefined, signal);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    enabled: !!action,
    // The QR code and the autostart token are of no use later: not kept once the page is left.
    gcTime: 0,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
    refetchIntervalInBackground: true,
    meta: { disableErrorPage: true, ignore403: true },
  });
  const answered = query.data?.state;
  const shown = entity?.properties.state;
  const setId = entity?.properties.calculationSetId;
  const variantId = entity?.properties.calculationVariantId;
  useEffect(() => {
    // Either may be the older one: the signing's status (the page heard of the next signature
    // first) or the page (the status saw the signing move on).
    if (answered && shown && answered !== shown)
      void Promise.all([
        queryClient.invalidateQueries({
          queryKey: statusKey({ calculationSetId: setId ?? '', calculationVariantId: variantId ?? '' }),
        }),
        queryClient.invalidateQueries({ queryKey: ['calculations'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['documents'] }),
      ]);
  }, [answered, shown, setId, variantId, queryClient]);
  return query;
}

function hintText(t: (key: string) => string, s: BankIdStatus): string {
  if (s.status === 'complete')
    return t(s.role === 'delivery' ? 'bankid.done.delivered' : 'bankid.done.signed');
  // The contract stays signed when only its delivery confirmation failed.
  if (s.status === 'failed' && s.role === 'delivery') return t('bankid.deliveryFailed');
  const known = s.status === 'failed' ? FAILED_HINTS : PENDING_HINTS;
  const hint = s.hintCode && known.includes(s.hintCode) ? s.hintCode : 'other';
  return t(`bankid.hints.${s.status}.${hint}`);
}

/**
 * BankID signing on the contract details (portal specification, “Entities and their fields”, “The calls it makes” and “The error catalogue”): the customer's signees
 * (one, or two for a joint signature) with their personal numbers, the delivery confirmation,
 * then the running signing: the animated QR code for the signee's phone, 'Open BankID' on this
 * device, BankID's hint as a message, which signature of how many, and Cancel.
 */
export function BankIdSigning({ entity }: { entity: Entity<VariantProperties> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const v = entity.properties;
  const start = findAction(entity, 'change-to-bankId');
  const status = useBankIdStatus(entity);
  const current = status.data ?? undefined;

  // One signee after an instant decision, a joint signature of two otherwise (the server checks it).
  const maxSignees = v.maxCustomerSignees ?? 2;
  // Kept here: what was typed stays for another try after a failed or cancelled signing.
  const form = useBankIdStartForm(v, maxSignees);
  const [failure, setFailure] = useState<{ key: string; correlationId?: string }>();
  const [busy, setBusy] = useState<'start' | 'cancel'>();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['calculations'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);

  // Not through a mutation: the spec's own handling (8) applies, not the generic one (a 409 or
  // 401 stays on the page).
  const send = form.handleSubmit(async (body) => {
    if (!start) return;
    setBusy('start');
    try {
      const answer = await followAction(start, endpoints.bankIdStart, body);
      queryClient.setQueryData(statusKey(v), answer);
      await refresh();
    } catch (e) {
      const error = e instanceof ApiError ? e : undefined;
      const params = error?.problem?.['invalid-params'] ?? [];
      if (error?.status === 400 && params.length) {
        for (const p of params)
          if (isSigneePath(p.name)) form.setError(p.name, { type: 'server', message: p.reason });
      } else if (error?.status === 409) {
        setFailure({ key: 'bankid.errors.conflict', correlationId: error.correlationId });
        void refresh();
      } else setFailure({ key: 'bankid.errors.start', correlationId: error?.correlationId });
    } finally {
      setBusy(undefined);
    }
  });
  const submit = () => {
    setFailure(undefined);
    void send();
  };

  const cancel = async (action: Action) => {
    setBusy('cancel');
    try {
      await followAction(action, endpoints.bankIdCancel);
      notify({ type: 'success', title: t('bankid.cancelled'), duration: 5000 });
      await Promise.all([refresh(), status.refetch()]);
    } catch (e) {
      notify({
        type: 'error',
        title: t('bankid.errors.cancel'),
        correlationId: e instanceof ApiError ? e.correlationId : undefined,
      });
      void refresh();
    } finally {
      setBusy(undefined);
    }
  };

  // The code and the app link are of the order the page's state is waiting for, never of one the
  // status has not yet seen end (the customer's, once the page awaits the delivery confirmation).
  const running = current?.status === 'pending' && current.state === v.state;
  if (!start && !current) return null;

  return (
    <FieldMessages.Provider value="bankid.errors">
      <Card.Root data-testid="bankid-signing">
        <Card.Header>
          <Heading as="h2" size="md">
            {t('bankid.title')}
          </Heading>
        </Card.Header>
        <Card.Body gap="5">
          {failure && (
            <Alert.Root status="error" role="alert" data-testid="bankid-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t(failure.key)}</Alert.Title>
                {failure.correlationId && (
                  <Alert.Description fontSize="xs">
                    {t('bankid.correlationId', { id: failure.correlationId })}
                  </Alert.Description>
                )}
              </Alert.Content>
            </Alert.Root>
          )}

          {current && (
            <Stack gap="4" data-testid="bankid-status" aria-live="polite">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge variant="subtle" data-testid="bankid-position">
                  {current.role === 'delivery'
                    ? t('bankid.deliveryOf', { n: current.position, of: current.of })
                    : t('bankid.signeeOf', { n: current.position, of: current.of })}
                </Badge>
                <Text fontWeight="semibold">
                  {current.signee.firstName} {current.signee.lastName}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {current.signee.email}
                </Text>
              </Flex>
              <Alert.Root
                status={
                  current.status === 'failed' ? 'error' : current.status === 'complete' ? 'success' : 'info'
                }
                data-testid="bankid-hint"
              >
                <Alert.Indicator />
                <Alert.Title>{hintText(t, current)}</Alert.Title>
              </Alert.Root>
              {running && current.qrCode && (
                <Flex gap="6" wrap="wrap" align="flex-start">
                  <Stack gap="2" align="center">
                    <QrCode.Root
                      recipe={qrCodeSlotRecipe}
                      value={current.qrCode}
                      encoding={{ ecc: 'L' }}
                      size="xl"
                      // Dark on light with a quiet zone, in either colour mode, for the camera.
                      bg="white"
                      color="black"
                      p="3"
                      rounded="md"
                      role="img"
                      aria-label={t('bankid.qrLabel')}
                      data-testid="bankid-qr"
                    >
                      <QrCode.Frame>
                        <QrCode.Pattern />
                      </QrCode.Frame>
                    </QrCode.Root>
                    <Text fontSize="xs" color="fg.muted" maxW="15rem" textAlign="center">
                      {t('bankid.qrText')}
                    </Text>
                  </Stack>
                  <Stack gap="3" flex="1" minW="15rem">
                    {current.appUrl && (
                      <Button asChild colorPalette="brand" size="lg" alignSelf="flex-start">
                        <a href={current.appUrl} target="_blank" rel="noopener" data-testid="bankid-open-app">
                          {t('bankid.openApp')}
                        </a>
                      </Button>
                    )}
                    <Box>
                      <Text fontSize="xs" color="fg.muted">
                        {t('bankid.codeText')}
                      </Text>
                      <Flex gap="2" align="center">
                        <Code fontSize="xs" maxW="20rem" truncate data-testid="bankid-qr-text">
                          {current.qrCode}
                        </Code>
                        <Button
                          size="xs"
                          variant="ghost"
                          onClick={() => void navigator.clipboard?.writeText(current.qrCode ?? '')}
                        >
                          {t('bankid.copy')}
                        </Button>
                      </Flex>
                    </Box>
                  </Stack>
                </Flex>
              )}
              {current.actions.map(
                (a) =>
                  a.name === 'bankid-cancel' && (
                    <Button
                      key={a.name}
                      variant="outline"
                      colorPalette="red"
                      alignSelf="flex-start"
                      loading={busy === 'cancel'}
                      onClick={() => void cancel(a)}
                      data-testid="bankid-cancel"
                    >
                      {t('bankid.cancel')}
                    </Button>
                  ),
              )}
            </Stack>
          )}

          {start && !running && (
            <BankIdStartForm
              control={form.control}
              maxSignees={maxSignees}
              sending={busy === 'start'}
              onStart={submit}
            />
          )}
        </Card.Body>
      </Card.Root>
    </FieldMessages.Provider>
  );
}
