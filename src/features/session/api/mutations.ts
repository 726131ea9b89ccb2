import * as endpoints from '../../../domain/api/endpoints/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../client/http';
import { sessionKeys } from '../../../client/profile/queries';

/** Accepting the terms: all of them, or the terms of use alone; then profile and users reload. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: 'all' | 'termsOfUse') =>
      call(what === 'all' ? endpoints.acceptAll : endpoints.acceptTermsOfUse, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
