import type { DocumentEntity, DocumentsEntity } from '../../../domain/api/documents';
import { isDeletable } from '../../../domain/documents';
import type { Db, Queryable } from '../../db/db';
import type { DocumentStore } from '../../integrations/document-store/port';
import type { Caller } from '../../plugins/auth';
import { errorKeys, HttpProblem, notFound, validation } from '../../problems';
import { canWrite, findSet, requireVisible, requireWritable } from '../calculations';
import { checkUpload, mimeTypeOf, type DocumentCategory } from './file-types';
import { userNames } from '../session';
import { documentEntity, documentsEntity, type NamedDocument, type Viewer } from './presenter';
import {
  attachmentBytesOfBrand,
  deleteDocumentRow,
  findDocument,
  insertDocument,
  listDocuments,
  type DocumentRow,
} from './repo';

/**
 * Documents of a calculation set (portal specification, “Entities and their fields”, “Validation rules” and “The calls it makes”). Who may see a document is who
 * may see its set; uploading and deleting need a writable brand. Generated documents are the
 * portal's own and cannot be deleted.
 */
const viewerOf = (caller: Caller): Viewer => ({
  writable: canWrite(caller),
  userProfileId: caller.profile!.userProfileId,
});

/** The documents with the names of the users who saved them (asked of the session module). */
async function named(q: Queryable, rows: DocumentRow[]): Promise<NamedDocument[]> {
  const names = await userNames(q, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]);
  return rows.map((r) => ({ ...r, createdByName: (r.createdBy && names.get(r.createdBy)) ?? null }));
}

/** The document if the caller may see its set; anything else is the same "not found". */
async function visibleDocument(q: Queryable, caller: Caller, id: string, lock = false): Promise<DocumentRow> {
  const document = await findDocument(q, id, lock);
  if (!document) throw notFound('No such document.');
  try {
    // A contract's document has no set: it is not found here either.
    requireVisible(caller, await findSet(q, document.calculationSetId ?? ''));
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 404) throw notFound('No such document.');
    throw error;
  }
  return document;
}

export async function listSetDocuments(db: Db, caller: Caller, setId: string): Promise<DocumentsEntity> {
  requireVisible(caller, await findSet(db, setId));
  return documentsEntity(setId, await named(db, await listDocuments(db, setId)), viewerOf(caller));
}

export interface Upload {
  category: DocumentCategory;
  fileName: string;
  fileContent: string;
  lastModifiedDate?: string;
}

export async function uploadDocument(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  setId: string,
  upload: Upload,
  quotaBytes: number,
): Promise<DocumentEntity> {
  requireWritable(caller);
  const checked = await checkUpload(upload.fileName, upload.fileContent);
  if (!checked.ok) throw validation(checked.problems, 'The file cannot be accepted.');
  return db.tx(async (q) => {
    // The set's row lock keeps an upload from racing the set's deletion.
    const set = requireVisible(caller, await findSet(q, setId, true));
    // Each brand keeps at most its quota of attachments (docs/security.md, "Limits").
    if ((await attachmentBytesOfBrand(q, set.brandId)) + checked.bytes.length > quotaBytes)
      throw validation(
        [{ name: 'fileContent', reason: 'storageQuotaExceeded' }],
        "The brand's storage for attachments is full: delete files it no longer needs.",
      );
    const id = await insertDocument(q, {
      calculationSetId: setId,
      documentGroup: 'attachment',
      category: upload.category,
      fileName: checked.fileName,
      format: checked.format,
      size: checked.bytes.length,
      lastModifiedAt: upload.lastModifiedDate ?? null,
      createdBy: caller.user.id,
    });
    await store.put(q, id, checked.bytes);
    const [document] = await named(q, [(await findDocument(q, id))!]);
    return documentEntity(document!, viewerOf(caller));
  });
}

export async function downloadDocument(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  id: string,
): Promise<{ fileName: string; contentAsBase64: string; format: string; mimeType: string }> {
  const document = await visibleDocument(db, caller, id);
  const bytes = await store.get(db, id);
  if (!bytes) throw notFound('The document has no content.');
  return {
    fileName: document.fileName,
    contentAsBase64: bytes.toString('base64'),
    format: document.format,
    mimeType: mimeTypeOf(document.format),
  };
}

export async function deleteDocument(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  id: string,
): Promise<void> {
  requireWritable(caller);
  await db.tx(async (q) => {
    const document = await visibleDocument(q, caller, id, true);
    if (!isDeletable(document))
      throw errorKeys(['generatedDocumentNotDeletable'], 'Generated documents cannot be deleted.');
    await store.delete(q, id);
    await deleteDocumentRow(q, id);
  });
}
