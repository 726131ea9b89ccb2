import { api, ApiError, currentProfileId } from '../http';
import { offlineDb } from './db';
import { currentOwner } from './owner';

/**
 * The reference data of docs/offline.md in Dexie: what a new calculation and its parties need
 * without a connection (the calculation view's condition lists and object types, the party
 * configurations), per account and user profile, refreshed whenever online and the brand is
 * known. Reads go to the server first; only a network failure falls back to the kept copy.
 */
export const referencePaths = (countryIso: string) => [
  'calculationView',
  ...(['applicant', 'supplier', 'sublessee'] as const).map(
    (kind) => `${kind}/configuration/${encodeURIComponent(countryIso)}`,
  ),
];

/** Where `path` is kept for the signed-in account and the profile the calls are made for. */
function placeOf(path: string): { key: string; owner: string } | undefined {
  const owner = currentOwner();
  return owner ? { key: `${owner}:${currentProfileId() ?? 'default'}:${path}`, owner } : undefined;
}

/** GET `path`, kept for offline use; offline (a network failure) the kept copy answers. */
export async function referenceRead<T>(path: string): Promise<T> {
  const place = placeOf(path);
  try {
    const value = await api<T>(path);
    if (place)
      await offlineDb.reference.put({ ...place, value, fetchedAt: Date.now() }).catch(() => undefined);
    return value;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0 || !place) throw error;
    const row = await offlineDb.reference.get(place.key);
    if (!row) throw error;
    return row.value as T;
  }
}

/** Fetches and keeps the selected profile's reference data; what fails waits for next time. */
export async function refreshReference(countryIso: string): Promise<void> {
  await Promise.all(referencePaths(countryIso).map((path) => referenceRead(path).catch(() => undefined)));
}
