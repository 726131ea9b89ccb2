import * as endpoints from '../../../domain/api/endpoints/calculations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, followAction } from '../../../client/http';
import type { BodyOf } from '../../../domain/api/contract';
import type { CalculateRequest } from '../../../domain/calculation/schemas';
import type { Action } from '../../../domain/hypermedia';
import { calculationKeys } from '../../../client/calculation/queries';

/** Writes of the calculation editor; each refreshes the views and lists it changed. */
export function calculate(
  conditionListId: string,
  body: CalculateRequest,
  userProfileId: string,
  signal?: AbortSignal,
) {
  return call(endpoints.calculate, { conditionListId, userprofileId: userProfileId }, { body, signal });
}

export function useVariantAction() {
  const queryClient = useQueryClient();
  return useMutation({
    // The editor's own actions on its variant: copy (the new variant answers) and delete (none).
    mutationFn: ({ action, body }: { action: Action; body?: BodyOf<'addVariant'> }) =>
      followAction(action, [endpoints.addVariant, endpoints.deleteVariant], body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationKeys.all }),
  });
}
