import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { removeOldestQuery, type AsyncStorage } from '@tanstack/react-query-persist-client';
import { idbStorage } from './query-storage';

export { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
export { dropOtherCaches } from './query-storage';

/**
 * The query cache's persisted copy (query.ts says what it is for): its own chunk, loaded while
 * the session starts (require-session.tsx), so that the first screen's JavaScript carries no
 * storage code it cannot use before the account is known.
 *
 * The copy lives in IndexedDB (query-storage.ts) under the account's key, written at most
 * once a second. When the browser refuses the write for want of room, the queries updated longest
 * ago are left out until the rest fits, instead of nothing being kept.
 */
export function createPersister(userKey: string, storage: AsyncStorage<string> = idbStorage()) {
  return createAsyncStoragePersister({
    storage,
    key: userKey,
    throttleTime: 1_000,
    retry: removeOldestQuery,
  });
}
