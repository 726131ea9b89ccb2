import type { Action } from '../domain/hypermedia';
import { CALLS } from '../domain/constants';
import type { AnswerOf, BodyOf } from '../domain/api/contract';
import type { Endpoint, EndpointName } from '../domain/api/address';
import { followAction } from './http';

/**
 * Follows many server-supplied actions, `parallel` at a time (the specification's default of 4),
 * and answers each one's outcome in the actions' order: one refused action does not stop the
 * others. Kept out of http.ts, which every page loads; only pages that follow many load this.
 */
export function followActions<N extends EndpointName>(
  actions: readonly Action[],
  endpoint: Endpoint<N>,
  body?: BodyOf<N>,
  { parallel = CALLS.parallel }: { parallel?: number } = {},
): Promise<PromiseSettledResult<AnswerOf<N>>[]> {
  return runLimited(actions, parallel, (action) => followAction(action, endpoint, body));
}

/** Runs `work` for every item with at most `limit` running at once; answers each outcome in order. */
async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index]!) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
