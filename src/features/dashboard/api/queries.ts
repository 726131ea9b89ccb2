import * as endpoints from '../../../domain/api/endpoints/session';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../client/http';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  // The brand goes with every call as a header; it is part of the key so brands never mix.
  of: (userProfileId: string | undefined) => [...dashboardKeys.all, userProfileId ?? 'default'] as const,
};

/**
 * GET dashboard: the start screen's counts, action items, volume and last sign-in. Persisted
 * with the rest of the cache, so the last answer shows offline.
 */
export const dashboardQuery = (userProfileId: string | undefined) =>
  queryOptions({
    queryKey: dashboardKeys.of(userProfileId),
    // A failed dashboard shows its own error state with a retry; the start screen stays usable.
    meta: { disableErrorPage: true },
    queryFn: async ({ signal }) => (await call(endpoints.dashboard, {}, { signal })).properties,
  });
