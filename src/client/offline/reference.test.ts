import { calculationView } from '../../domain/api/endpoints/calculations';
import { applicantConfiguration, supplierConfiguration } from '../../domain/api/endpoints/customers';
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addressOf, type Endpoint } from '../../domain/api/address';
import type * as HttpModule from '../http';

// The server and the signed-in account are stand-ins; the store is a real (fake) IndexedDB.
let server: (path: string) => unknown;
let owner = 'user-1';
let profile: string | undefined = 'profile-se';
vi.mock('../http', async (original) => {
  const http = await original<typeof HttpModule>();
  return {
    ...http,
    currentProfileId: () => profile,
    // The address the endpoint's name and parameters make, without `/api/`.
    call: vi.fn(
      (endpoint: Endpoint, params: Record<string, unknown>) =>
        new Promise((resolve) => resolve(server(addressOf(endpoint, params).slice('/api/'.length)))),
    ),
  };
});
vi.mock('./owner', () => ({ currentOwner: () => owner }));

const { ApiError } = await import('../http');
const { offlineDb } = await import('./db');
const { clearFor } = await import('./kept');
const { referenceRead, refreshReference } = await import('./reference');

const offline = () => {
  throw new ApiError(0, 'c');
};
const view = (n: number) => ({ properties: { conditionLists: [{ id: `list-${n}` }] } });

beforeEach(async () => {
  owner = 'user-1';
  profile = 'profile-se';
  await offlineDb.reference.clear();
});

describe('reference data kept on the device', () => {
  it('answers from the server when it can, and from the kept copy when the network fails', async () => {
    server = () => view(1);
    expect(await referenceRead(calculationView, {})).toEqual(view(1));
    server = () => view(2);
    expect(await referenceRead(calculationView, {})).toEqual(view(2));
    server = offline;
    expect(await referenceRead(calculationView, {})).toEqual(view(2));
  });

  it('never answers from the copy when the server refused, or when nothing was kept', async () => {
    server = () => view(1);
    await referenceRead(calculationView, {});
    server = () => {
      throw new ApiError(500, 'c');
    };
    await expect(referenceRead(calculationView, {})).rejects.toMatchObject({ status: 500 });
    server = offline;
    await expect(referenceRead(supplierConfiguration, { countryIso: 'SE' })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('keeps it per account and profile: another user or brand on the tablet never reads it', async () => {
    server = () => view(1);
    await refreshReference('SE');
    expect(await offlineDb.reference.count()).toBe(4);
    server = offline;
    profile = 'profile-de';
    await expect(referenceRead(calculationView, {})).rejects.toMatchObject({ status: 0 });
    profile = 'profile-se';
    owner = 'user-2';
    await expect(referenceRead(calculationView, {})).rejects.toMatchObject({ status: 0 });
    owner = 'user-1';
    expect(await referenceRead(applicantConfiguration, { countryIso: 'SE' })).toEqual(view(1));

    await clearFor('user-1');
    await expect(referenceRead(calculationView, {})).rejects.toMatchObject({ status: 0 });
  });

  it('a refresh that fails offline keeps the copy it had', async () => {
    server = () => view(1);
    await refreshReference('SE');
    server = offline;
    await refreshReference('SE');
    expect(await referenceRead(calculationView, {})).toEqual(view(1));
  });
});
