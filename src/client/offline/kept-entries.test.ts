import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { fakeLocalStorage } from '../test/local-storage';
import { describe, expect, it, vi } from 'vitest';
import { fromKeptPath, SET_ID } from './endpoints';

/**
 * Writes kept on a device by a version whose outbox entries held a method and an address still
 * go after the update: IndexedDB's entries are converted when the database opens at version 5,
 * the journal's saves when they are applied. Drafts kept before version 6 called their objects
 * `objects`: they are renamed when the database opens.
 */
vi.mock('./owner', () => ({ currentOwner: () => 'user-1' }));
const stored = fakeLocalStorage();

describe('an address kept by an earlier version', () => {
  it('is named by its endpoint with its parameters', () => {
    expect(fromKeptPath('POST', 'calculationSets')).toEqual({ endpoint: 'createSet', params: {} });
    expect(fromKeptPath('PUT', 'calculationSets/S-1/calculationVariant/V-1?forceUpdate=true')).toEqual({
      endpoint: 'saveVariant',
      params: { setId: 'S-1', variantId: 'V-1', forceUpdate: 'true' },
    });
    expect(
      fromKeptPath(
        'POST',
        `calculationSets/${SET_ID}/documents/base64?documentType=financial&userProfileId=p`,
      ),
    ).toEqual({
      endpoint: 'uploadDocument',
      params: { setId: SET_ID, documentType: 'financial', userProfileId: 'p' },
    });
    // The attachments page kept the server's own address, from /api/ on.
    expect(fromKeptPath('POST', '/api/calculationSets/S-1/documents/base64?documentType=other')).toEqual({
      endpoint: 'uploadDocument',
      params: { setId: 'S-1', documentType: 'other' },
    });
    expect(fromKeptPath('DELETE', 'documents/D-1')).toBeUndefined();
  });
});

describe('writes kept before the update', () => {
  it('are converted in IndexedDB and in the journal, and keep their bodies and drafts', async () => {
    const old = new Dexie('partner-portal');
    old.version(4).stores({
      drafts: 'key, owner',
      outbox: 'id, owner, entityKey, state',
      files: 'id, owner, draftKey',
      reference: 'key, owner',
      sequences: 'key, owner, at',
    });
    await old.table('outbox').add({
      id: '0001',
      owner: 'user-1',
      profileId: 'p',
      entityKey: 'variant:S-1/V-1',
      label: 'kept',
      method: 'PUT',
      path: 'calculationSets/S-1/calculationVariant/V-1',
      body: { n: 1 },
      idempotencyKey: 'k',
      attempts: 0,
      nextAttemptAt: 0,
      state: 'conflict',
      createdAt: 0,
    });
    const object = { key: 'o1', objectId: 'OT-LAPTOP', price: '4000' };
    await old.table('drafts').add({
      key: 'user-1:p:new',
      owner: 'user-1',
      value: { draft: { name: 'Kept', objects: [object] }, parties: {} },
      updatedAt: 0,
    });
    old.close();
    stored.set(
      'outbox-journal:5',
      JSON.stringify({
        seq: 5,
        owner: 'user-1',
        idempotencyKey: 'k2',
        entry: {
          profileId: 'p',
          entityKey: 'new:1',
          label: 'new',
          method: 'POST',
          path: 'calculationSets',
          body: { n: 2 },
        },
        draft: {
          draftKey: 'draft-new',
          uploadPath: `calculationSets/${SET_ID}/documents/base64?documentType={documentType}&userProfileId=p`,
        },
      }),
    );

    const { offlineDb, keepFile } = await import('./db');
    await keepFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }), {
      owner: 'user-1',
      category: 'identity',
      draftKey: 'draft-new',
    });
    const { recover } = await import('./journal');
    await recover();

    const rows = await offlineDb.outbox.orderBy('id').toArray();
    expect(rows.map((r) => [r.endpoint, r.params, r.body ?? null])).toEqual([
      ['saveVariant', { setId: 'S-1', variantId: 'V-1' }, { n: 1 }],
      ['createSet', {}, { n: 2 }],
      ['uploadDocumentFile', { setId: SET_ID, userProfileId: 'p', documentType: 'identity' }, null],
    ]);
    expect(rows.some((r) => 'path' in r || 'method' in r)).toBe(false);
    // A draft's objects take the variant's name.
    expect((await offlineDb.drafts.get('user-1:p:new'))?.value).toEqual({
      draft: { name: 'Kept', financingObjects: [object] },
      parties: {},
    });
  });
});
