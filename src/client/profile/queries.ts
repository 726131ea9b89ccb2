import * as endpoints from '../../domain/api/endpoints/session';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../http';
import { currentLocale } from '../i18n/i18n';
import type { AvailableUser } from '../../domain/session';
import { selectProfile, useSelectedProfileId } from './selection';

export const sessionKeys = {
  all: ['session'] as const,
  profile: (userProfileId: string | undefined) =>
    [...sessionKeys.all, 'profile', userProfileId ?? 'default'] as const,
  users: () => [...sessionKeys.all, 'users'] as const,
};

export const profileQuery = (userProfileId: string | undefined) =>
  queryOptions({
    queryKey: sessionKeys.profile(userProfileId),
    // A 403 here is the API-only refusal the shell explains; a 404 means the portal cannot go on.
    meta: { ignore403: true, notFoundIsFatal: true },
    queryFn: async () => {
      try {
        const answer = await call(endpoints.myProfiles, { culture: currentLocale() });
        return answer.properties;
      } catch (error) {
        // A stored brand that is no longer the caller's: forget it and use the default one.
        if (error instanceof ApiError && error.status === 403 && userProfileId) selectProfile(undefined);
        throw error;
      }
    },
  });

/** GET user/myUsers; a 403 is ignored (administration specification, “The calls it makes”): then there is nobody to switch to. */
export const myUsersQuery = () =>
  queryOptions({
    queryKey: sessionKeys.users(),
    meta: { ignore403: true },
    queryFn: async (): Promise<AvailableUser[]> => {
      try {
        const answer = await call(endpoints.myUsers, {});
        return (answer.entities ?? []).map((e) => e.properties);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return [];
        throw error;
      }
    },
  });

/** The previous brand's profile stands while the next one loads (the shell stays in place). */
export function useProfile() {
  return useQuery({ ...profileQuery(useSelectedProfileId()), placeholderData: keepPreviousData });
}

export function useMyUsers() {
  return useQuery(myUsersQuery());
}
