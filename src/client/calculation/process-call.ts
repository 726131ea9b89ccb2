import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../http';
import type { Action, Entity } from '../../domain/hypermedia';
import { PROCESS_CALL } from './process-key';

/**
 * Follows one of the variant's server-supplied actions along its process (offer, request,
 * special case, signing, contract start; portal specification, “The calls it makes”). Every success refreshes the
 * calculation views and lists, the dashboard and the set's documents.
 */

export function useProcessCall<TBody, TAnswer = Entity>() {
  const queryClient = useQueryClient();
  return useMutation({
    // The loading overlay names what runs by the action (src/client/ui/loading-overlay.tsx).
    mutationKey: PROCESS_CALL,
    // Refusals are answered in the dialogs (terms, offer codes, states).
    meta: { disableErrorPage: true, ignore403: true },
    mutationFn: ({
      action,
      body,
      query,
      ifMatch,
    }: {
      action: Action;
      body?: TBody;
      query?: URLSearchParams;
      /** The version the user acted on: a change since is answered 412. */
      ifMatch?: string;
    }) => {
      const url = new URL(action.href, window.location.origin);
      query?.forEach((value, key) => url.searchParams.append(key, value));
      return api<TAnswer>(url.pathname + url.search, {
        method: action.method,
        body,
        headers: ifMatch ? { 'If-Match': ifMatch } : undefined,
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['calculations'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['documents'] }),
      ]),
  });
}
