import * as endpoints from '../../domain/api/endpoints/documents';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http';
import type { DocumentEntity } from '../../domain/api/documents';
import { findAction } from '../../domain/hypermedia';
import type { DocumentItem, DocumentsView } from './types';

export const documentKeys = {
  all: ['documents'] as const,
  ofSet: (calculationSetId: string) => [...documentKeys.all, calculationSetId] as const,
};

const itemOf = (entity: DocumentEntity): DocumentItem => ({
  ...entity.properties,
  download: findAction(entity, 'download'),
  delete: findAction(entity, 'delete'),
});

/** GET calculationSets/{id}/documents: the two groups, the upload action and its rules. */
export const documentsQuery = (calculationSetId: string) =>
  queryOptions({
    queryKey: documentKeys.ofSet(calculationSetId),
    // The page shows its own error state (with retry) instead of the error page.
    meta: { disableErrorPage: true },
    // Read again whenever the page opens: a restored cache may predate the last upload or deletion.
    staleTime: 0,
    queryFn: async (): Promise<DocumentsView> => {
      const answer = await call(endpoints.documents, { setId: calculationSetId });
      const group = (rel: string) =>
        (answer.entities?.find((e) => e.rel?.includes(rel))?.entities ?? []).map(itemOf);
      return {
        generated: group('generatedDocuments'),
        attachments: group('attachments'),
        upload: findAction(answer, 'upload'),
        maxFileSize: answer.properties.maxFileSize,
        allowedExtensions: answer.properties.allowedExtensions,
        categories: answer.properties.categories,
      };
    },
  });
