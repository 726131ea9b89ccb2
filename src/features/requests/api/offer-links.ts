import * as endpoints from '../../../domain/api/endpoints/offer-links';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { variantEntityKey } from '../../../client/calculation/draft-store';
import { ApiError, call } from '../../../client/http';
import { enqueue, waitingFor } from '../../../client/offline/outbox';
import { currentOwner } from '../../../client/offline/owner';
import type { CustomerLinkBody } from '../../../domain/offer-links';

type Ids = { setId: string; variantId: string };

/** Under the calculations' key: a save, a decision or the customer's answer reads it again. */
export const offerLinksQuery = (ids: Ids) =>
  queryOptions({
    queryKey: ['calculations', 'offer-links', ids.setId, ids.variantId],
    meta: { disableErrorPage: true },
    queryFn: async ({ signal }) => (await call(endpoints.offerLinks, ids, { signal })).entities ?? [],
  });

/**
 * Sends the customer a link to the offer page. Without a connection it waits in the outbox like
 * a save, behind the variant's own saves (the same entity): the link offers what was saved.
 * Answers whether it was sent now or kept for later.
 */
export function useSendOfferLink(ids: Ids, profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { disableErrorPage: true, ignore403: true },
    // Runs offline too (the query client would pause it): offline it is the outbox's.
    networkMode: 'always',
    mutationFn: async ({ body, label }: { body: CustomerLinkBody; label: string }) => {
      const idempotencyKey = crypto.randomUUID();
      const entityKey = variantEntityKey(ids.setId, ids.variantId);
      const later = async () => {
        await enqueue({
          profileId,
          entityKey,
          label,
          endpoint: 'sendOfferLink',
          params: ids,
          body,
          idempotencyKey,
        });
        return 'queued' as const;
      };
      // Offline, or behind saves of the variant still on this device: the link offers what they save.
      const owner = currentOwner();
      if (!navigator.onLine || (owner && (await waitingFor(owner, entityKey)))) return later();
      try {
        await call(endpoints.sendOfferLink, ids, {
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        });
        return 'sent' as const;
      } catch (error) {
        // The connection went on the way: the outbox sends it once it is back, under the same
        // key (a send that arrived is not sent twice).
        if (error instanceof ApiError && error.status === 0) return later();
        throw error;
      }
    },
    // Kept for later, nothing changed on the server yet (and offline a refresh would wait for
    // the connection, holding the dialog open).
    onSuccess: (how) => {
      if (how === 'sent') void queryClient.invalidateQueries({ queryKey: ['calculations'] });
    },
  });
}

export function useWithdrawOfferLink(ids: Ids) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { disableErrorPage: true },
    mutationFn: (linkId: string) => call(endpoints.withdrawOfferLink, { ...ids, linkId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['calculations'] }),
  });
}
