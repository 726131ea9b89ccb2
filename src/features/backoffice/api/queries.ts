import * as endpoints from '../../../domain/api/endpoints/backoffice';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../../client/http';
import type { Queue, QueueItem } from './types';

export const backofficeKeys = {
  all: ['backoffice'] as const,
  queue: () => [...backofficeKeys.all, 'queue'] as const,
  request: (requestId: string) => [...backofficeKeys.all, 'request', requestId] as const,
};

/** How often the queue asks again while it is open (the promise is counted in minutes). */
export const QUEUE_REFRESH_MS = 15_000;

/**
 * A 403 (not an underwriter) and other failures stay on the page, which explains them; the
 * spec's error pages would take the underwriter away from the queue.
 */
const meta = { ignore403: true, disableErrorPage: true };

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const queueQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.queue(),
    queryFn: async ({ signal }): Promise<Queue> => {
      const answer = await call(endpoints.requestQueue, {}, { signal });
      const items = (answer.entities ?? []).map((e) => e.properties);
      const oldestFirst = (a: QueueItem, b: QueueItem) => a.requestedAt.localeCompare(b.requestedAt);
      return {
        promiseMinutes: answer.properties.promiseMinutes,
        open: items.filter((i) => i.state === 'requestToGrenke').sort(oldestFirst),
        awaitingGuarantee: items.filter((i) => i.state === 'bankGuarantee').sort(oldestFirst),
      };
    },
    refetchInterval: QUEUE_REFRESH_MS,
    // Opened, it asks at once: a remembered queue may hold requests decided meanwhile.
    refetchOnMount: 'always',
    meta,
  });

export const requestQuery = (requestId: string) =>
  queryOptions({
    queryKey: backofficeKeys.request(requestId),
    queryFn: ({ signal }) => call(endpoints.requestDetail, { requestId }, { signal }),
    meta,
  });
