import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { createPersister } from './query';

/** localStorage with a quota: a write over it throws as the browser's does. */
function storageOf(quota: number): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => {
      if (v.length > quota) throw new DOMException('quota', 'QuotaExceededError');
      items.set(k, v);
    },
  };
}

const query = (key: string, updatedAt: number) => ({
  queryKey: [key],
  queryHash: JSON.stringify([key]),
  state: { data: 'x'.repeat(1_000), dataUpdatedAt: updatedAt, status: 'success' },
});

describe('the persisted query cache', () => {
  it('leaves out the queries updated longest ago when the storage is full, and keeps the rest', async () => {
    const storage = storageOf(5_500);
    const persister = createPersister('user-1', storage);
    const client = {
      timestamp: Date.now(),
      buster: '',
      clientState: {
        mutations: [],
        queries: [
          query('profile', 9),
          query('old view', 1),
          query('list', 8),
          query('older view', 0),
          query('view', 7),
        ],
      },
    } as unknown as PersistedClient;
    await persister.persistClient(client);
    // Writes are throttled (one a second); the first runs at once.
    await new Promise((r) => setTimeout(r, 1_200));
    const kept = (await persister.restoreClient())!.clientState.queries.map((q) => q.queryKey[0]);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).not.toContain('older view');
    expect(kept).toContain('profile');
    expect(kept.length).toBeLessThan(5);
  });
});
