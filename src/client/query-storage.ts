import type { AsyncStorage } from '@tanstack/react-query-persist-client';
import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';

/**
 * Where the query cache is persisted: its own IndexedDB database (not Dexie's `partner-portal`,
 * whose schema versions it would otherwise have to follow), one entry per signed-in account.
 * The e2e helpers read it by these names.
 */
export const QUERY_CACHE_DB = 'portal-query-cache';
export const QUERY_CACHE_STORE = 'clients';
/** Where the cache was kept before it moved to IndexedDB (cleared on the next sign-in). */
const LEGACY_PREFIX = 'portal-cache:';

let store: UseStore | undefined;
/** Opened on first use, so that importing this module touches no storage. */
const cacheStore = () => (store ??= createStore(QUERY_CACHE_DB, QUERY_CACHE_STORE));

/** The persister's storage over idb-keyval; a refused write rejects with the browser's error. */
export function idbStorage(openStore: () => UseStore = cacheStore): AsyncStorage<string> {
  return {
    getItem: (key) => get<string>(key, openStore()),
    setItem: (key, value) => set(key, value, openStore()),
    removeItem: (key) => del(key, openStore()),
  };
}

/** Removes every account's persisted cache but the one named (a second user never sees the first's data). */
export async function dropOtherCaches(
  keepUserKey?: string,
  openStore: () => UseStore = cacheStore,
): Promise<void> {
  if (typeof localStorage !== 'undefined')
    for (const key of Object.keys(localStorage))
      if (key.startsWith(LEGACY_PREFIX)) localStorage.removeItem(key);
  const others = (await keys(openStore())).filter((key) => key !== keepUserKey);
  if (others.length) await delMany(others, openStore());
}
