import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/db';
import { serve, type EndpointRequest } from '../../endpoint';
import type { DocumentStore } from '../../integrations/document-store/port';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { validation } from '../../problems';
import { MAX_BASE64_CHARS } from './file-types';
import { formLength, formToUpload } from './form';
import * as documents from './service';

/**
 * Documents of a calculation set: list, upload (base64 or a form), download (base64), delete. The
 * upload's body limit fits the base64 text of a 2 MB file and a little JSON around it.
 */
export const UPLOAD_BODY_LIMIT = MAX_BASE64_CHARS + 16 * 1024;

export function documentRoutes(
  app: FastifyInstance,
  db: Db,
  limits: { quotaBytes: number },
  store: DocumentStore = postgresDocumentStore,
): void {
  const tags = ['documents'];
  const upload = async (req: EndpointRequest<'uploadDocument'>, reply: FastifyReply) => {
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
  };

  serve(
    app,
    'documents',
    { summary: 'The generated documents and attachments of a calculation set', tags },
    (req) => documents.listSetDocuments(db, req.caller!, req.params.setId),
  );

  serve(
    app,
    'uploadDocument',
    {
      summary: 'Attach a file (jpg, png, pdf, doc(x), xls(x); at most 2 MB) given as base64',
      tags,
      config: { idempotent: true },
      bodyLimit: UPLOAD_BODY_LIMIT,
      // A body over the limit is a file over 2 MB: say so as the other refusals do.
      errorHandler: (error: { code?: string }) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw validation([{ name: 'fileContent', reason: 'fileTooLarge' }], 'The file is too large.');
        throw error;
      },
    },
    upload,
  );

  // The same upload with the file's bytes as they are (a third fewer than as base64), as the PWA
  // sends it. The form parser belongs to this route alone: elsewhere a form is refused as before.
  void app.register(async (scope) => {
    await scope.register(multipart);
    serve<'uploadDocumentFile'>(
      scope,
      'uploadDocumentFile',
      {
        summary:
          'Attach a file as multipart/form-data: a part `file` and an optional field `lastModifiedDate`; checked as the base64 upload',
        tags,
        consumes: ['multipart/form-data'],
        config: { idempotent: true },
        onRequest: formLength,
        preValidation: formToUpload,
      },
      upload,
    );
  });

  serve(
    app,
    'downloadDocument',
    { summary: "A document's file name, format and content as base64", tags },
    (req) => documents.downloadDocument(db, store, req.caller!, req.params.id),
  );

  serve(
    app,
    'deleteDocument',
    {
      summary: 'Delete an attachment (generated documents cannot be deleted)',
      tags,
      config: { idempotent: true },
    },
    async (req, reply) => {
      await documents.deleteDocument(db, store, req.caller!, req.params.id);
      // Not sent: an idempotent answer leaves only after its transaction commits.
      reply.code(204);
    },
  );
}
