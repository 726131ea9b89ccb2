import * as endpoints from '../../../domain/api/endpoints/administration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, followAction } from '../../../client/http';
import type { Action } from '../../../domain/hypermedia';
import type { BodyOf } from '../../../domain/api/contract';
import type { UserSave } from '../../../domain/users';
import { adminKeys } from './queries';

/** Writes of the administration; each refreshes what it changed. 400s are shown where they happen. */
export function useSaveUser(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSave) =>
      userId ? call(endpoints.saveUser, { userId }, { body }) : call(endpoints.createUser, {}, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: Action; body?: BodyOf<'moveCalculations'> }) =>
      followAction(action, [endpoints.resetPassword, endpoints.deleteUser, endpoints.moveCalculations], body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSaveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logo: { name: string; content: string } | null) =>
      logo
        ? call(endpoints.saveLogo, {}, { body: logo }).then(() => undefined)
        : call(endpoints.deleteLogo, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.logo() }),
  });
}
