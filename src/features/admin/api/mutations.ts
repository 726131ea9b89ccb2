import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, followAction } from '../../../client/http';
import type { Action, Entity } from '../../../domain/hypermedia';
import type { UserSave } from '../../../domain/users';
import { adminKeys } from './queries';
import type { UserDetail } from './types';

/** Writes of the administration; each refreshes what it changed. 400s are shown where they happen. */
export function useSaveUser(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSave) =>
      api<Entity<UserDetail>>(userId ? `users/${userId}` : 'users', {
        method: userId ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: Action; body?: unknown }) => followAction<unknown>(action, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSaveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logo: { name: string; content: string } | null) =>
      logo ? api('partner/logo', { method: 'PUT', body: logo }) : api('partner/logo', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.logo() }),
  });
}
