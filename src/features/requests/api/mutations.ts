import * as endpoints from '../../../domain/api/endpoints/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decodeBase64, saveFile } from '../../../client/download';
import { call } from '../../../client/http';

/**
 * Accepts the terms and conditions (the request dialog's 'accept'): alone, or with the terms of
 * use when those were put off too (a request needs both).
 */
export function useAcceptRequestTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withTermsOfUse: boolean) =>
      call(withTermsOfUse ? endpoints.acceptAll : endpoints.acceptTermsAndConditions, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }),
  });
}

/** Saves the terms and conditions as a PDF, in the language the portal is shown in. */
export function useDownloadTerms() {
  return useMutation({
    meta: { disableErrorPage: true },
    mutationFn: async () => {
      const doc = await call(endpoints.termsAndConditionsDownload, {});
      saveFile(decodeBase64(doc.properties.content), doc.properties.fileName, 'application/pdf');
    },
  });
}
