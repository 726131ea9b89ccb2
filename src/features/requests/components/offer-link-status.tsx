import { Alert, Button, Flex, Text } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../client/online';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { notify } from '../../../client/ui/notify';
import { useFormat } from '../../../client/format/format';
import type { OfferLinkState } from '../../../domain/offer-links';
import { offerLinksQuery, useWithdrawOfferLink } from '../api/offer-links';

const STATUS = {
  sent: 'info',
  opened: 'info',
  accepted: 'success',
  declined: 'warning',
  expired: 'neutral',
  withdrawn: 'neutral',
} as const satisfies Record<OfferLinkState, string>;

/**
 * Where the newest offer link of the variant stands (docs/domain.md, "The customer's offer
 * page"): sent, opened, accepted with its period, declined with the reason, expired, withdrawn.
 * The customer's answer arrives live; an acceptance seen here calls `onAccepted` once (the
 * editor then shows the period the server selected). The next step stays the salesperson's.
 */
export function OfferLinkStatus({
  ids,
  readOnly,
  onAccepted,
}: {
  ids: { setId: string; variantId: string };
  /** Where the link stands, without withdrawing it (the server refuses a read-only profile). */
  readOnly: boolean;
  onAccepted?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const online = useOnline();
  const { data } = useQuery(offerLinksQuery(ids));
  const withdraw = useWithdrawOfferLink(ids);
  const [asking, setAsking] = useState(false);
  const newest = data?.[0]?.properties;

  // The state first seen here: only a change to accepted while the page is open is news.
  const seen = useRef<string | undefined>(undefined);
  const key = newest && `${newest.offerLinkId}:${newest.state}`;
  useEffect(() => {
    if (!key) return;
    const before = seen.current;
    seen.current = key;
    if (before !== undefined && before !== key && key.endsWith(':accepted')) onAccepted?.();
  }, [key, onAccepted]);

  if (!newest) return null;
  const at = format.dateTime(
    newest.state === 'expired'
      ? newest.expiresAt
      : newest.state === 'opened'
        ? (newest.openedAt ?? newest.createdAt)
        : (newest.answeredAt ?? newest.createdAt),
  );
  const open = newest.state === 'sent' || newest.state === 'opened';

  const runWithdraw = async () => {
    setAsking(false);
    try {
      await withdraw.mutateAsync(newest.offerLinkId);
      notify({ type: 'success', title: t('offerLink.withdrawn'), duration: 6000 });
    } catch {
      notify({ type: 'error', title: t('errors.generic') });
    }
  };

  return (
    <Alert.Root status={STATUS[newest.state]} data-testid="offer-link-status" data-state={newest.state}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {t(`offerLink.status.${newest.state}`, {
            email: newest.email,
            at,
            months: t('calculation.results.months', { count: newest.acceptedPeriod ?? 0 }),
          })}
        </Alert.Title>
        <Alert.Description>
          {newest.state === 'accepted' && !readOnly && <Text>{t('offerLink.acceptedNext')}</Text>}
          {newest.state === 'declined' && newest.declineReason && (
            <Text whiteSpace="pre-line" data-testid="offer-link-reason">
              {t('offerLink.reason', { reason: newest.declineReason })}
            </Text>
          )}
          {open && (
            <Flex gap="3" align="center" wrap="wrap">
              <Text>{t('offerLink.validUntil', { date: format.dayOf(newest.expiresAt) })}</Text>
              {!readOnly && (
                <Button
                  size="xs"
                  variant="outline"
                  disabled={!online}
                  loading={withdraw.isPending}
                  onClick={() => setAsking(true)}
                  data-testid="offer-link-withdraw"
                >
                  {t('offerLink.withdraw')}
                </Button>
              )}
            </Flex>
          )}
        </Alert.Description>
      </Alert.Content>
      <ConfirmDialog
        open={asking}
        danger
        title={t('offerLink.withdraw')}
        text={t('offerLink.withdrawText')}
        confirm={t('offerLink.withdraw')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void runWithdraw()}
      />
    </Alert.Root>
  );
}
