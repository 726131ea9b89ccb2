import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, followAction } from '../../../client/http';
import type { CalculateRequest } from '../../../domain/calculation/schemas';
import type { CalculationSetSave } from '../../../domain/calculation/variant';
import type { CalculateEntity } from '../../../domain/api/calculations';
import type { Action, Entity } from '../../../domain/hypermedia';
import { calculationKeys } from '../../../client/calculation/queries';
import type { VariantProperties } from '../../../client/calculation/types';

/** Writes of the calculation editor; each refreshes the views and lists it changed. */
export function calculate(
  conditionListId: string,
  body: CalculateRequest,
  userProfileId: string,
  signal?: AbortSignal,
) {
  return api<CalculateEntity>(
    `calculate/${encodeURIComponent(conditionListId)}?userprofileId=${encodeURIComponent(userProfileId)}`,
    { method: 'POST', body, signal },
  );
}

export interface SaveInput {
  body: CalculationSetSave;
  ids?: { setId: string; variantId: string };
  etag?: string;
  force?: boolean;
}

export function useSaveCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    // 400, 409 and 412 are answered in the editor (field errors, blocking dialog, conflict).
    meta: { disableErrorPage: true },
    mutationFn: ({ body, ids, etag, force }: SaveInput) =>
      ids
        ? api<Entity<VariantProperties>>(
            `calculationSets/${ids.setId}/calculationVariant/${ids.variantId}${force ? '?forceUpdate=true' : ''}`,
            { method: 'PUT', body, headers: etag && !force ? { 'If-Match': etag } : {} },
          )
        : api<Entity<VariantProperties>>('calculationSets', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationKeys.all }),
  });
}

export function useVariantAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: Action; body?: unknown }) =>
      followAction<Entity<VariantProperties> | undefined>(action, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationKeys.all }),
  });
}
