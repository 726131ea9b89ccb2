import { offlineDb } from './db';
import { enqueue, SET_ID } from './outbox';

/**
 * Files chosen for a new calculation before it has a set on the server (docs/offline.md): kept with
 * the draft, then queued behind the set's create, so they reach the set once it exists.
 */
export async function queueDraftFiles(
  draftKey: string,
  target: { profileId: string; entityKey: string; setId?: string },
): Promise<void> {
  const files = await offlineDb.files.where('draftKey').equals(draftKey).sortBy('id');
  for (const file of files) {
    await enqueue({
      profileId: target.profileId,
      entityKey: target.entityKey,
      label: file.name,
      endpoint: 'uploadDocumentFile',
      params: {
        setId: target.setId ?? SET_ID,
        documentType: file.category,
        userProfileId: target.profileId,
      },
      fileId: file.id,
    });
    await offlineDb.files.update(file.id, { draftKey: undefined });
  }
}
