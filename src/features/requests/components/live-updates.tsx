import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { startLive } from '../../../client/live';
import { notify } from '../../../client/ui/notify';
import type { LiveEvent } from '../../../domain/events';

/**
 * The open app learns of the provider's decisions and the customer's answers to an offer link
 * without reloading: lists, the calculation and the start screen are read again, and a
 * notification says what was decided.
 */
export default function LiveUpdates({ userProfileId }: { userProfileId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = useEffectEvent(
    () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: ['calculations'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  );
  const show = useEffectEvent((event: LiveEvent) => {
    const open = (event: LiveEvent) => ({
      label: t('live.open'),
      onClick: () => void navigate(`/calculations/${event.calculationSetId}/${event.calculationVariantId}`),
    });
    refresh();
    if (event.kind === 'specialCaseAnswered') {
      notify({
        type: event.granted ? 'success' : 'warning',
        title: t('live.specialCaseTitle', { customer: event.customerName || t('calculation.title') }),
        description: t(event.granted ? 'live.specialCaseGranted' : 'live.specialCaseRefused'),
        duration: 10_000,
        action: open(event),
      });
      return;
    }
    if (event.kind === 'offerAnswered') {
      if (event.answer === 'opened') return;
      const accepted = event.answer === 'accepted';
      notify({
        type: accepted ? 'success' : 'warning',
        title: t(accepted ? 'live.offerAccepted' : 'live.offerDeclined', {
          customer: event.customerName || t('calculation.title'),
          months: t('calculation.results.months', { count: event.periodInMonths ?? 0 }),
        }),
        duration: 10_000,
        action: open(event),
      });
      return;
    }
    if (!event.decision) return;
    const declined = event.state === 'declined';
    notify({
      type: declined ? 'warning' : event.state === 'readyToSign' ? 'success' : 'info',
      title: t('live.decisionTitle', { customer: event.customerName || t('calculation.title') }),
      description: t(`states.${event.state}`),
      duration: 10_000,
      action: open(event),
    });
  });
  // A new brand or user is a new stream (the server scopes it to the profile).
  useEffect(
    () =>
      startLive(
        (event) => show(event),
        () => refresh(),
      ),
    [userProfileId],
  );
  return null;
}
