import { addVariant } from '../../../domain/api/endpoints/calculations';
import { cancelRequest } from '../../../domain/api/endpoints/process';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followAction } from '../../../client/http';
import type { VariantProperties } from '../../../domain/api/calculations';
import type { Action } from '../../../domain/hypermedia';
import { calculationListKeys, exportCalculations } from './list-queries';

/** Writes started from the calculation list. */
export type VariantIds = Pick<VariantProperties, 'calculationSetId' | 'calculationVariantId'>;

/** Follows a row's `copy-variant` action with the body its field gives ({copyOf: variant id}). */
export function useCopyVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action): Promise<VariantIds> => {
      const body = Object.fromEntries((action.fields ?? []).map((f) => [f.name, f.value])) as {
        copyOf?: string;
      };
      return (await followAction(action, addVariant, body)).properties;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationListKeys.all }),
  });
}

/** Follows a row's `cancel-process` action: the calculation process ends (canceled). */
export function useCancelProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { disableErrorPage: true },
    mutationFn: (action: Action) => followAction(action, cancelRequest),
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
