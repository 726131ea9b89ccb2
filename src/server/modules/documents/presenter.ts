import type { DocumentEntity, DocumentsEntity } from '../../../domain/api/documents';
import { isDeletable } from '../../../domain/documents';
import type { Action } from '../../../domain/hypermedia';
import { setHref } from '../calculations';
import { ALLOWED_EXTENSIONS, DOCUMENT_CATEGORIES, MAX_DOCUMENT_BYTES, mimeTypeOf } from './file-types';
import type { DocumentRow } from './repo';

/** A document with the name of the user who saved it. */
export type NamedDocument = DocumentRow & { createdByName: string | null };

/**
 * What the documents of a set answer: two groups (generated documents, attachments), each
 * document with its download and, for attachments the caller may change, its delete action.
 * The list also carries the upload action with the rules the client checks before sending.
 */
export const documentsHref = (setId: string) => `${setHref(setId)}/documents`;
export const base64Href = (id: string) => `/api/documents/${id}/base64`;
const withProfile = (href: string, userProfileId: string) =>
  `${href}?userProfileId=${encodeURIComponent(userProfileId)}`;

export interface Viewer {
  writable: boolean;
  userProfileId: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function documentEntity(d: NamedDocument, viewer: Viewer): DocumentEntity {
  const actions: Action[] = [{ name: 'download', method: 'GET', href: base64Href(d.id) }];
  if (viewer.writable && isDeletable(d))
    actions.push({
      name: 'delete',
      method: 'DELETE',
      href: withProfile(`/api/documents/${d.id}`, viewer.userProfileId),
    });
  return {
    class: ['document'],
    rel: ['item'],
    properties: {
      documentId: d.id,
      calculationSetId: d.calculationSetId,
      name: d.fileName,
      size: d.size,
      format: d.format,
      mimeType: mimeTypeOf(d.format),
      category: d.category,
      documentGroup: d.documentGroup,
      lastModifiedDate: iso(d.lastModifiedAt ?? d.createdAt),
      saveDate: iso(d.createdAt),
      savedBy: d.createdByName,
      base64Path: base64Href(d.id),
    },
    actions,
    links: [{ rel: ['download'], href: base64Href(d.id) }],
  };
}

export function documentsEntity(setId: string, rows: NamedDocument[], viewer: Viewer): DocumentsEntity {
  const group = (rel: 'generatedDocuments' | 'attachments', documentGroup: DocumentRow['documentGroup']) => {
    const members = rows.filter((r) => r.documentGroup === documentGroup);
    return {
      class: ['documentGroup'],
      rel: [rel],
      properties: { documentGroup, count: members.length },
      entities: members.map((d) => documentEntity(d, viewer)),
    };
  };
  const actions: Action[] = viewer.writable
    ? [
        {
          name: 'upload',
          method: 'POST',
          // The form: the bytes as they are. The base64 upload (`…/documents/base64`) takes
          // the same query with { fileName, fileContent, lastModifiedDate } as JSON.
          href: withProfile(documentsHref(setId), viewer.userProfileId),
          type: 'multipart/form-data',
          fields: [
            { name: 'documentType', type: 'select', value: DOCUMENT_CATEGORIES },
            { name: 'file', type: 'file' },
            { name: 'lastModifiedDate', type: 'datetime' },
          ],
        },
      ]
    : [];
  return {
    class: ['documents'],
    properties: {
      calculationSetId: setId,
      count: rows.length,
      maxFileSize: MAX_DOCUMENT_BYTES,
      allowedExtensions: ALLOWED_EXTENSIONS,
      categories: [...DOCUMENT_CATEGORIES],
    },
    entities: [group('generatedDocuments', 'generated'), group('attachments', 'attachment')],
    actions,
    links: [{ rel: ['self'], href: documentsHref(setId) }],
  };
}
