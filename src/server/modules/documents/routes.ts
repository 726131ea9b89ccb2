import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentEntity, DocumentsEntity, DownloadSchema } from '../../../domain/api/documents';
import type { Db } from '../../db/db';
import type { DocumentStore } from '../../integrations/document-store/port';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { validation } from '../../problems';
import { DOCUMENT_CATEGORIES, MAX_BASE64_CHARS } from './file-types';
import * as documents from './service';

/**
 * Documents of a calculation set: list, upload (base64), download (base64), delete. The
 * upload's body limit fits the base64 text of a 2 MB file and a little JSON around it.
 */
export const UPLOAD_BODY_LIMIT = MAX_BASE64_CHARS + 16 * 1024;

const profileQuery = z.object({
  userprofileId: z.string().optional(),
  userProfileId: z.string().optional(),
});

const UploadBody = z.object({
  fileName: z.string({ error: 'required' }).max(1000, 'tooLong'),
  fileContent: z.string({ error: 'required' }).max(MAX_BASE64_CHARS, 'fileTooLarge'),
  /** The file's own last change, as the browser knows it. */
  lastModifiedDate: z.iso.datetime({ offset: true, error: 'invalidDate' }).optional(),
});

export function documentRoutes(
  app: FastifyInstance,
  db: Db,
  limits: { quotaBytes: number },
  store: DocumentStore = postgresDocumentStore,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const setParams = z.object({ setId: z.string().max(100) });
  const documentParams = z.object({ id: z.string().max(100) });

  r.get(
    '/api/calculationSets/:setId/documents',
    {
      schema: {
        summary: 'The generated documents and attachments of a calculation set',
        tags,
        params: setParams,
        querystring: profileQuery,
        response: { 200: DocumentsEntity },
      },
    },
    (req) => documents.listSetDocuments(db, req.caller!, req.params.setId),
  );

  r.post(
    '/api/calculationSets/:setId/documents/base64',
    {
      config: { idempotent: true },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        summary: 'Attach a file (jpg, png, pdf, doc(x), xls(x); at most 2 MB) given as base64',
        tags,
        params: setParams,
        querystring: profileQuery.extend({
          documentType: z.enum(DOCUMENT_CATEGORIES, {
            error: (issue) => (issue.input === undefined ? 'required' : 'unknownDocumentType'),
          }),
        }),
        body: UploadBody,
        response: { 201: DocumentEntity },
      },
      // A body over the limit is a file over 2 MB: say so as the other refusals do.
      errorHandler: (error: { code?: string }) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw validation([{ name: 'fileContent', reason: 'fileTooLarge' }], 'The file is too large.');
        throw error;
      },
    },
    async (req, reply) => {
      const entity = await documents.uploadDocument(
        db,
        store,
        req.caller!,
        req.params.setId,
        { category: req.query.documentType, ...req.body },
        limits.quotaBytes,
      );
      reply.code(201).header('Location', entity.links![0]!.href);
      return entity;
    },
  );

  r.get(
    '/api/documents/:id/base64',
    {
      schema: {
        summary: "A document's file name, format and content as base64",
        tags,
        params: documentParams,
        querystring: profileQuery,
        response: { 200: DownloadSchema },
      },
    },
    (req) => documents.downloadDocument(db, store, req.caller!, req.params.id),
  );

  r.delete(
    '/api/documents/:id',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Delete an attachment (generated documents cannot be deleted)',
        tags,
        params: documentParams,
        querystring: profileQuery,
      },
    },
    async (req, reply) => {
      await documents.deleteDocument(db, store, req.caller!, req.params.id);
      // Returned, not sent: an idempotent answer leaves only after its transaction commits.
      reply.code(204);
    },
  );
}
