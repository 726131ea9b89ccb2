import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleApiError, termsRefusal, type ErrorHandling } from './errors';
import { sessionKeys } from './profile/queries';
import { ApiError } from './http';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorHandling;
    mutationMeta: ErrorHandling;
  }
}

/**
 * Server data lives in TanStack Query; the cache is persisted per signed-in user so that the
 * last lists and profile show offline, and discarded when another user signs in.
 */
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  // The query library assumes a connection until the browser says otherwise; a page opened
  // offline must know at once, or its reads fail, turn into errors and drop out of the
  // persisted cache (the next offline start would lack the profile and the views).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  // Terms refused by the server though the kept profile says accepted: the profile is reloaded,
  // and the account gate asks for them.
  const onTermsRefused = (error: unknown) => {
    if (termsRefusal(error)) void client.invalidateQueries({ queryKey: sessionKeys.all });
  };
  const client: QueryClient = new QueryClient({
    // Failed calls follow the spec's error table (errors.ts); `meta` holds a call's exceptions.
    queryCache: new QueryCache({
      onError: (error, query) => {
        onTermsRefused(error);
        handleApiError(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        onTermsRefused(error);
        handleApiError(error, mutation.meta);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: CACHE_MAX_AGE,
        networkMode: 'offlineFirst',
        // A network failure is retried too: offline the retry waits for the connection, so the
        // query keeps its data and stays persisted (a failed query would drop out of the cache).
        retry: (count, error) =>
          count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
    },
  });
  return client;
}
