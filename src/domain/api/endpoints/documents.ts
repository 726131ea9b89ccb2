/** A set's documents: list, upload, download, delete. The table's rules: index.ts. */

export const documents = {
  name: 'documents',
  method: 'GET',
  path: '/api/calculationSets/:setId/documents',
} as const;
export const uploadDocument = {
  name: 'uploadDocument',
  method: 'POST',
  path: '/api/calculationSets/:setId/documents/base64',
} as const;
/** The same upload as multipart/form-data: the file's bytes as they are. */
export const uploadDocumentFile = {
  name: 'uploadDocumentFile',
  method: 'POST',
  path: '/api/calculationSets/:setId/documents',
} as const;
export const downloadDocument = {
  name: 'downloadDocument',
  method: 'GET',
  path: '/api/documents/:id/base64',
} as const;
export const deleteDocument = {
  name: 'deleteDocument',
  method: 'DELETE',
  path: '/api/documents/:id',
} as const;
