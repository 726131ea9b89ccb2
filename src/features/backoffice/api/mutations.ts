import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followAction } from '../../../client/http';
import type { DecisionBody } from '../../../domain/calculation/requests';
import type { Action, Entity } from '../../../domain/hypermedia';
import { backofficeKeys } from './queries';
import type { RequestDetail } from './types';

/**
 * The underwriter's writes follow the actions the request came with. Failures stay on the page
 * (the form keeps what was typed): 400 marks fields, 403 and 409 explain, others notify.
 */
const meta = { ignore403: true, ignore409: true, disableErrorPage: true };

function useBackofficeAction<B>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: Action; body?: B }) =>
      followAction<Entity<RequestDetail>>(action, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(backofficeKeys.request(answer.properties.id), answer);
      return queryClient.invalidateQueries({ queryKey: backofficeKeys.queue() });
    },
    // Decided meanwhile (409): what the page shows must be the request as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.all }),
    meta,
  });
}

export const useDecide = () => useBackofficeAction<DecisionBody>();
export const useGuaranteeReceived = () => useBackofficeAction<never>();
