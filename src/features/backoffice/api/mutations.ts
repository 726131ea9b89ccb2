import * as endpoints from '../../../domain/api/endpoints/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followAction } from '../../../client/http';
import type { Endpoint } from '../../../domain/api/address';
import type { BodyOf } from '../../../domain/api/contract';
import type { Action } from '../../../domain/hypermedia';
import { backofficeKeys } from './queries';

/**
 * The underwriter's writes follow the actions the request came with. Failures stay on the page
 * (the form keeps what was typed): 400 marks fields, 403 and 409 explain, others notify.
 */
const meta = { ignore403: true, ignore409: true, disableErrorPage: true };

function useBackofficeAction<N extends 'decideRequest' | 'guaranteeReceived'>(endpoint: Endpoint<N>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: Action; body?: BodyOf<N> }) =>
      followAction(action, endpoint, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(backofficeKeys.request(answer.properties.id), answer);
      return queryClient.invalidateQueries({ queryKey: backofficeKeys.queue() });
    },
    // Decided meanwhile (409): what the page shows must be the request as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.all }),
    meta,
  });
}

export const useDecide = () => useBackofficeAction(endpoints.decideRequest);
export const useGuaranteeReceived = () => useBackofficeAction(endpoints.guaranteeReceived);
