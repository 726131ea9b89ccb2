import { z } from 'zod';
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
export type DownloadAnswer = z.infer<typeof DownloadSchema>;
