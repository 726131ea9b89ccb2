import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decodeBase64, saveFile } from '../../../client/download';
import { api } from '../../../client/http';
import type { TermsDocumentEntity } from '../../../domain/api/terms';

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
