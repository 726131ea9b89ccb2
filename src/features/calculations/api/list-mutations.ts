import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followAction } from '../../../client/http';
import type { Action, Entity } from '../../../domain/hypermedia';
import { calculationListKeys, exportCalculations } from './list-queries';

/** Writes started from the calculation list. */
export interface VariantIds {
  calculationSetId: string;
  calculationVariantId: string;
}

/** Follows a row's `copy-variant` action with the body its field gives ({copyOf: variant id}). */
export function useCopyVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action) => {
      const body = Object.fromEntries((action.fields ?? []).map((f) => [f.name, f.value]));
      return (await followAction<Entity<VariantIds>>(action, body)).properties;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationListKeys.all }),
  });
}

/** Follows a row's `cancel-process` action: the calculation process ends (canceled). */
export function useCancelProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { disableErrorPage: true },
    mutationFn: (action: Action) => followAction<Entity>(action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationListKeys.all }),
  });
}

/** The spreadsheet export. Exports fail silently (portal specification, “The error catalogue”): no error page, a log line. */
export function useExportCalculations() {
  return useMutation({
    mutationFn: exportCalculations,
    meta: { disableErrorPage: true, ignore403: true },
    onError: (error) => console.warn('calculation list export failed', error),
  });
}
