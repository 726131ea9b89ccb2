import { Alert, Button, Flex, List, Stack, Text } from '../../../client/ui/chakra';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useOnline } from '../../../client/online';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { notify } from '../../../client/ui/notify';
import { findAction, type Entity } from '../../../domain/hypermedia';
import type { VariantProperties } from '../../../client/calculation/types';
import { useProcessCall } from '../../../client/calculation/process-call';
import { useFormat } from '../../../client/format/format';
import { useProfile } from '../../../client/profile/queries';
import { OfferDialog } from './offer-dialog';
import { OfferLinkDialog } from './offer-link-dialog';
import { OfferLinkStatus } from './offer-link-status';
import { RequestDialog } from './request-dialog';
import { RequestProblems } from './request-problems';
import { SpecialCaseDialog } from './special-case-dialog';

/**
 * What can happen next to a saved variant (portal specification, “States and transitions” and “The calls it makes”), as far as the server's
 * actions allow: offer, request, special-case condition, cancel. They change states, so they
 * need the server: offline, or with unsaved changes, they are disabled and say why.
 */
export function ProcessBar({
  entity,
  dirty,
  readOnly,
  onAccepted,
}: {
  entity: Entity<VariantProperties>;
  dirty: boolean;
  /** Shows where the steps stand, and none to take. */
  readOnly: boolean;
  /** The customer accepted an offer link while the editor is open. */
  onAccepted?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const online = useOnline();
  const call = useProcessCall();
  const { data: profile } = useProfile();
  const [open, setOpen] = useState<'offer' | 'link' | 'request' | 'special' | 'cancel'>();
  // The list's row menu opens the offer or the request dialog here (?open=offer|request), once.
  const [params, setParams] = useSearchParams();
  const asked = params.get('open');
  const [seen, setSeen] = useState<string | null>(null);
  if (asked !== seen) {
    setSeen(asked);
    if (online && (asked === 'offer' || asked === 'request')) setOpen(asked);
  }
  useEffect(() => {
    if (asked === 'offer' || asked === 'request') setParams({}, { replace: true });
  }, [asked, setParams]);
  const v = entity.properties;
  const offer = findAction(entity, 'make-offer');
  // Sent offline too (the outbox): it only needs the variant saved.
  const link = findAction(entity, 'send-offer-link');
  const request = findAction(entity, 'request-to-grenke');
  const special = findAction(entity, 'request-special-case-condition');
  const cancel = findAction(entity, 'cancel-process');
  const contract = findAction(entity, 'paper-contract') ?? findAction(entity, 'send-contract-start');
  const reason = !online ? t('process.offline') : dirty ? t('process.saveFirst') : undefined;
  const date = format.dateTime;

  const runCancel = async () => {
    setOpen(undefined);
    if (!cancel) return;
    try {
      await call.mutateAsync({ action: cancel });
      notify({ type: 'success', title: t('process.cancelDone'), duration: 6000 });
    } catch {
      notify({ type: 'error', title: t('errors.generic') });
    }
  };

  return (
    <Stack gap="3" data-testid="process-bar">
      <RequestStatus v={v} date={date} readOnly={readOnly} />
      <SpecialCaseStatus v={v} date={date} />
      <OfferLinkStatus
        ids={{ setId: v.calculationSetId, variantId: v.calculationVariantId }}
        readOnly={readOnly}
        onAccepted={onAccepted}
      />
      <Flex gap="2" wrap="wrap" align="center">
        {offer && (
          <Button
            variant="outline"
            disabled={!!reason}
            onClick={() => setOpen('offer')}
            data-testid="make-offer"
          >
            {t('process.offer')}
          </Button>
        )}
        {link && profile && (
          <Button
            variant="outline"
            disabled={dirty}
            onClick={() => setOpen('link')}
            data-testid="send-offer-link"
          >
            {t('offerLink.send')}
          </Button>
        )}
        {request && (
          <Button
            colorPalette="brand"
            disabled={!!reason}
            onClick={() => setOpen('request')}
            data-testid="request"
          >
            {v.state === 'requestToGrenke' ? t('process.resend') : t('process.request')}
          </Button>
        )}
        {contract && (
          <Button asChild colorPalette="brand" data-testid="contract-details">
            <Link to={`/calculations/${v.calculationSetId}/${v.calculationVariantId}/contract-details`}>
              {t('process.contract')}
            </Link>
          </Button>
        )}
        {special && (
          <Button variant="ghost" disabled={!!reason} onClick={() => setOpen('special')}>
            {t('process.special')}
          </Button>
        )}
        {cancel && (
          <Button variant="ghost" colorPalette="red" disabled={!!reason} onClick={() => setOpen('cancel')}>
            {t('process.cancel')}
          </Button>
        )}
        {reason && (offer || request || cancel) && (
          <Text fontSize="sm" color="fg.muted" data-testid="process-disabled-reason">
            {reason}
          </Text>
        )}
      </Flex>
      {/* Known from the save on: what the request will need, before an offer goes out. It stays
          while the form has changes, so that the page does not shift under the typing. */}
      {request && v.state !== 'requestToGrenke' && (
        <RequestProblems
          problems={v.requestBlockers}
          base={`/calculations/${v.calculationSetId}/${v.calculationVariantId}`}
          ahead
        />
      )}
      {open === 'offer' && offer && (
        <OfferDialog action={offer} variant={v} onClose={() => setOpen(undefined)} />
      )}
      {open === 'link' && link && profile && (
        <OfferLinkDialog
          variant={v}
          profileId={profile.selectedUserProfileId}
          onClose={() => setOpen(undefined)}
        />
      )}
      {open === 'request' && request && (
        <RequestDialog action={request} variant={v} onClose={() => setOpen(undefined)} />
      )}
      {open === 'special' && special && (
        <SpecialCaseDialog action={special} onClose={() => setOpen(undefined)} />
      )}
      <ConfirmDialog
        open={open === 'cancel'}
        danger
        title={t('process.cancel')}
        text={t('process.cancelText')}
        confirm={t('process.cancelConfirm')}
        onCancel={() => setOpen(undefined)}
        onConfirm={() => void runCancel()}
      />
    </Stack>
  );
}

/** States whose text asks the user for the next step: a read-only profile is told the state's name. */
const ASKS_A_STEP = [
  'missingQuoteInfo',
  'changedAfterStatement',
  'contractPrinted',
  'missingApplicationInfo',
];

/** Where the request stands: sent, what the provider needs, its decision. */
function RequestStatus({
  v,
  date,
  readOnly,
}: {
  v: VariantProperties;
  date: (iso: string) => string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const r = v.request;
  const status = (
    {
      requestToGrenke: 'info',
      missingQuoteInfo: 'warning',
      readyToSign: 'success',
      bankGuarantee: 'warning',
      changedAfterStatement: 'warning',
      declined: 'error',
      contractPrinted: 'info',
      applicationReceived: 'info',
      missingApplicationInfo: 'warning',
      contracted: 'success',
    } as const
  )[v.state as string];
  if (
    !status ||
    (!r &&
      ![
        'changedAfterStatement',
        'contractPrinted',
        'applicationReceived',
        'missingApplicationInfo',
        'contracted',
      ].includes(v.state))
  )
    return null;
  return (
    <Alert.Root status={status} data-testid="request-status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {readOnly && ASKS_A_STEP.includes(v.state)
            ? t(`states.${v.state}`)
            : t(`process.status.${v.state}`, {
                at: r ? date(r.requestedAt) : '',
                code: v.application?.referenceCode ?? '',
              })}
        </Alert.Title>
        {v.state === 'missingQuoteInfo' && r && (
          <Alert.Description>
            <List.Root ps="4" data-testid="missing-info">
              {r.missingInfo.map((m) => (
                <List.Item key={m}>{t(`process.missing.${m}`)}</List.Item>
              ))}
              {r.infoText && <List.Item>{r.infoText}</List.Item>}
            </List.Root>
          </Alert.Description>
        )}
        {v.state === 'declined' && r?.declineReason && (
          <Alert.Description>
            {t(`process.declineReasons.${r.declineReason}`, { defaultValue: r.declineReason })}
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The newest request for a special-case condition: waiting, granted with its terms, or refused. */
function SpecialCaseStatus({ v, date }: { v: VariantProperties; date: (iso: string) => string }) {
  const { t } = useTranslation();
  const c = v.specialCase;
  if (!c) return null;
  const status = c.status === 'open' ? 'info' : c.status === 'granted' ? 'success' : 'warning';
  return (
    <Alert.Root status={status} data-testid="special-case-status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {t(`process.specialStatus.${c.status}`, { date: date(c.answeredAt ?? c.requestedAt) })}
        </Alert.Title>
        <Alert.Description whiteSpace="pre-line">{c.answer ?? c.text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
