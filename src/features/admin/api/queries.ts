import * as endpoints from '../../../domain/api/endpoints/administration';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../../client/http';
import { findAction } from '../../../domain/hypermedia';

export type SortBy = 'firstName' | 'lastName';

export const adminKeys = {
  all: ['admin'] as const,
  users: (sortBy: SortBy, desc: boolean) => [...adminKeys.all, 'users', sortBy, desc] as const,
  user: (userId: string) => [...adminKeys.all, 'user', userId] as const,
  partner: () => [...adminKeys.all, 'partner'] as const,
  logo: () => [...adminKeys.all, 'logo'] as const,
};

export const usersQuery = (sortBy: SortBy, desc: boolean) =>
  queryOptions({
    queryKey: adminKeys.users(sortBy, desc),
    queryFn: async () => {
      const answer = await call(endpoints.users, { sortBy, orderDesc: desc ? 'true' : 'false' });
      return {
        users: (answer.entities ?? []).map((e) => e.properties),
        canCreate: Boolean(findAction(answer, 'create-user')),
        invitationAvailable: answer.properties.isUserInvitationAvailable,
      };
    },
  });

export const userQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.user(userId),
    queryFn: () => call(endpoints.user, { userId }),
  });

export const partnerQuery = () =>
  queryOptions({
    queryKey: adminKeys.partner(),
    queryFn: async () => {
      const answer = await call(endpoints.partner, {});
      return (answer.entities ?? []).map((e) => e.properties);
    },
  });

/** The logo, or null when the partner has none (a 404 here is an answer, not an error). */
export const logoQuery = () =>
  queryOptions({
    queryKey: adminKeys.logo(),
    queryFn: async () => {
      try {
        return (await call(endpoints.logo, {})).properties;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
