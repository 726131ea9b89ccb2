import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decodeBase64, saveFile } from '../../../client/download';
import { api } from '../../../client/http';
import type { TermsDocumentEntity } from '../../../domain/api/terms';
import type { Action, Entity } from '../../../domain/hypermedia';

/**
 * The calls of the offer and the request (spec 000 section 7), following the variant's
 * server-supplied actions; every success refreshes the calculation views and lists.
 */
export type { OfferAnswer } from '../../../domain/api/requests';

export function useProcessCall<TBody, TAnswer = Entity>() {
  const queryClient = useQueryClient();
  return useMutation({
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

/**
 * Accepts the terms and conditions (the request dialog's 'accept'): alone, or with the terms of
 * use when those were put off too (a request needs both).
 */
export function useAcceptRequestTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withTermsOfUse: boolean) =>
      api<unknown>(withTermsOfUse ? 'user/acceptall' : 'TermsAndConditions', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }),
  });
}

/** Saves the terms and conditions as a PDF, in the language the portal is shown in. */
export function useDownloadTerms() {
  return useMutation({
    meta: { disableErrorPage: true },
    mutationFn: async () => {
      const doc = await api<TermsDocumentEntity>('TermsAndConditions/download');
      saveFile(decodeBase64(doc.properties.content), doc.properties.fileName, 'application/pdf');
    },
  });
}
