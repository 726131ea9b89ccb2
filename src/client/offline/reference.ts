import { calculationView } from '../../domain/api/endpoints/calculations';
import {
  applicantConfiguration,
  sublesseeConfiguration,
  supplierConfiguration,
} from '../../domain/api/endpoints/customers';
import type { AnswerOf, ParamsOf } from '../../domain/api/contract';
import { addressOf, type Endpoint } from '../../domain/api/address';
import { ApiError, call, currentProfileId } from '../http';
import { offlineDb } from './db';
import { currentOwner } from './owner';

/**
 * The reference data of docs/offline.md in Dexie: what a new calculation and its parties need
 * without a connection (the calculation view's condition lists and object types, the party
 * configurations), per account and user profile, refreshed whenever online and the brand is
 * known. Reads go to the server first; only a network failure falls back to the kept copy.
 */
type Reference =
  'calculationView' | 'applicantConfiguration' | 'supplierConfiguration' | 'sublesseeConfiguration';

/** Where an address is kept for the signed-in account and the profile the calls are made for. */
function placeOf(endpoint: Endpoint<Reference>, params: object): { key: string; owner: string } | undefined {
  const owner = currentOwner();
  // Keyed by the address without `/api/`, as copies kept by earlier versions are.
  const path = addressOf(endpoint, params as Record<string, unknown>).replace(/^\/api\//, '');
  return owner ? { key: `${owner}:${currentProfileId() ?? 'default'}:${path}`, owner } : undefined;
}

/** GETs a reference endpoint, kept for offline use; offline (a network failure) the kept copy answers. */
export async function referenceRead<N extends Reference>(
  endpoint: Endpoint<N>,
  params: ParamsOf<N>,
): Promise<AnswerOf<N>> {
  const place = placeOf(endpoint, params);
  try {
    const value = await call(endpoint, params);
    if (place)
      await offlineDb.reference.put({ ...place, value, fetchedAt: Date.now() }).catch(() => undefined);
    return value;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0 || !place) throw error;
    const row = await offlineDb.reference.get(place.key);
    if (!row) throw error;
    return row.value as AnswerOf<N>;
  }
}

/** Fetches and keeps the selected profile's reference data; what fails waits for next time. */
export async function refreshReference(countryIso: string): Promise<void> {
  await Promise.all([
    referenceRead(calculationView, {}).catch(() => undefined),
    ...[applicantConfiguration, supplierConfiguration, sublesseeConfiguration].map((endpoint) =>
      referenceRead(endpoint, { countryIso }).catch(() => undefined),
    ),
  ]);
}
