import { z } from 'zod';
import { DOCUMENT_CATEGORIES, MAX_BASE64_CHARS } from '../documents';
import type { Binding } from './binding';
import { ProfileQuery } from './common';
import { entity, entityWith } from './entity';

/** The documents of a calculation set: two groups of documents, the upload rules, a download. */
export const DocumentPropertiesSchema = z.object({
  documentId: z.string(),
  /** None for a contract's own documents. */
  calculationSetId: z.string().nullable(),
  name: z.string(),
  size: z.number(),
  format: z.string(),
  mimeType: z.string(),
  category: z.string(),
  documentGroup: z.enum(['generated', 'attachment']),
  lastModifiedDate: z.string(),
  saveDate: z.string(),
  savedBy: z.string().nullable(),
  base64Path: z.string(),
});
export const DocumentEntity = entity(DocumentPropertiesSchema);

export const DocumentGroupEntity = entityWith(
  z.object({ documentGroup: z.enum(['generated', 'attachment']), count: z.number() }),
  DocumentEntity,
);

export const DocumentsEntity = entityWith(
  z.object({
    calculationSetId: z.string(),
    count: z.number(),
    maxFileSize: z.number(),
    allowedExtensions: z.array(z.string()),
    categories: z.array(z.string()),
  }),
  DocumentGroupEntity,
);

export const DownloadSchema = z.object({
  fileName: z.string(),
  contentAsBase64: z.string(),
  format: z.string(),
  mimeType: z.string(),
});

export type DocumentProperties = z.infer<typeof DocumentPropertiesSchema>;
export type DocumentEntity = z.infer<typeof DocumentEntity>;
export type DocumentsEntity = z.infer<typeof DocumentsEntity>;

const UploadBody = z.object({
  fileName: z.string({ error: 'required' }).max(1000, 'tooLong'),
  fileContent: z.string({ error: 'required' }).max(MAX_BASE64_CHARS, 'fileTooLarge'),
  /** The file's own last change, as the browser knows it. */
  lastModifiedDate: z.iso.datetime({ offset: true, error: 'invalidDate' }).optional(),
});

const UploadQuery = ProfileQuery.extend({
  documentType: z.enum(DOCUMENT_CATEGORIES, {
    error: (issue) => (issue.input === undefined ? 'required' : 'unknownDocumentType'),
  }),
});

/**
 * An upload, as base64 in JSON (`uploadDocument`) or as a form (`uploadDocumentFile`): one
 * binding, so the two cannot drift apart. The form's parts become this body before it is checked
 * (src/server/modules/documents/form.ts).
 */
const uploadBinding = {
  query: UploadQuery,
  body: UploadBody,
  answer: DocumentEntity,
  status: 201,
} satisfies Binding;

/** The document endpoints' schemas (contract.ts). */
export const documentEndpoints = {
  documents: { query: ProfileQuery, answer: DocumentsEntity },
  uploadDocument: uploadBinding,
  uploadDocumentFile: uploadBinding,
  downloadDocument: { query: ProfileQuery, answer: DownloadSchema },
  deleteDocument: { query: ProfileQuery, status: 204 },
} satisfies Record<string, Binding>;
