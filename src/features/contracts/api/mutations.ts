import * as endpoints from '../../../domain/api/endpoints/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followAction } from '../../../client/http';
import { followActions } from '../../../client/follow-actions';
import type { Action } from '../../../domain/hypermedia';
import { contractKeys, exportContracts } from './queries';

/** Writes of the contract pages: export, assign (4 at once), the redemption offer. */

/** The spreadsheet export. Exports fail silently (portal specification, “The error catalogue”): no error page, a log line. */
export function useExportContracts() {
  return useMutation({
    mutationFn: exportContracts,
    meta: { disableErrorPage: true, ignore403: true },
    onError: (error) => console.warn('contract list export failed', error),
  });
}

/** Assigns contracts to a profile by following each one's `assign` action, 4 at a time. */
export function useAssignContracts() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { disableErrorPage: true, ignore403: true },
    mutationFn: async ({ actions, userProfileId }: { actions: Action[]; userProfileId: string }) => {
      const outcomes = await followActions(actions, endpoints.assignContract, { userProfileId });
      return {
        assigned: outcomes.filter((o) => o.status === 'fulfilled').length,
        failed: outcomes.filter((o) => o.status === 'rejected').length,
      };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}

/** Sends the redemption offer through the contract's make-redemption-offer action. */
export function useSendRedemptionOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    // A failure returns to the contract with the failure message (portal specification, “The error catalogue”).
    meta: { disableErrorPage: true, ignore403: true, ignore409: true },
    mutationFn: ({ action, statement }: { action: Action; statement: string }) =>
      followAction(action, endpoints.sendRedemptionOffer, { statement }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
