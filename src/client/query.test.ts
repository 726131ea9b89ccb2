import 'fake-indexeddb/auto';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createPersister, dropOtherCaches } from './query-persistence';

/** A disk with this much room: a larger write is refused as the browser refuses it. */
let room = Infinity;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the store as `this`
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
  if (typeof value === 'string' && value.length > room)
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return put.call(this, value, key);
};
afterEach(() => {
  room = Infinity;
});

/** A persisted client holding these queries, each with its data and when it was updated. */
function clientOf(...queries: [key: string, updatedAt: number][]): PersistedClient {
  const client = new QueryClient();
  for (const [key, updatedAt] of queries) client.setQueryData([key], 'x'.repeat(1_000), { updatedAt });
  return { timestamp: Date.now(), buster: '', clientState: dehydrate(client) };
}

const keptQueries = async (userKey: string) =>
  (await createPersister(userKey).restoreClient())?.clientState.queries.map((q) => q.queryKey[0]);

describe('the persisted query cache', () => {
  it('is kept per account and restored by a later start', async () => {
    await createPersister('user-a').persistClient(clientOf(['profile', 1]));
    await createPersister('user-b').persistClient(clientOf(['list', 1]));
    expect(await keptQueries('user-a')).toEqual(['profile']);
    expect(await keptQueries('user-b')).toEqual(['list']);
  });

  it("drops every other account's copy when an account signs in", async () => {
    await createPersister('user-a').persistClient(clientOf(['profile', 1]));
    await createPersister('user-b').persistClient(clientOf(['list', 1]));
    await dropOtherCaches('user-b');
    expect(await keptQueries('user-a')).toBeUndefined();
    expect(await keptQueries('user-b')).toEqual(['list']);
  });

  it('leaves out the queries updated longest ago when the storage is full, and keeps the rest', async () => {
    room = 5_500;
    await createPersister('user-1').persistClient(
      clientOf(['profile', 9], ['old view', 1], ['list', 8], ['older view', 0], ['view', 7]),
    );
    const kept = (await keptQueries('user-1')) ?? [];
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).not.toContain('older view');
    expect(kept).toContain('profile');
    expect(kept.length).toBeLessThan(5);
  });

  it('writes at most once a second, the latest state last', async () => {
    const persister = createPersister('user-t');
    await persister.persistClient(clientOf(['first', 1]));
    const started = Date.now();
    const later = persister.persistClient(clientOf(['second', 2]));
    void persister.persistClient(clientOf(['third', 3]));
    expect(await keptQueries('user-t')).toEqual(['first']);
    await later;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await keptQueries('user-t')).toEqual(['third']);
  });
});
