import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/http';
import { sessionKeys } from '../../../client/profile/queries';

/** Accepting the terms: all of them, or the terms of use alone; then profile and users reload. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: 'all' | 'termsOfUse') =>
      api<void>(what === 'all' ? 'user/acceptall' : 'user/accepttermsofuse', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
