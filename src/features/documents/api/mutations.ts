import * as endpoints from '../../../domain/api/endpoints/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followAction } from '../../../client/http';
import type { Action } from '../../../domain/hypermedia';
import { decodeBase64, saveFile } from '../../../client/download';
import { documentKeys } from '../../../client/documents/queries';

/** DELETE the attachment's link (with ?userProfileId=); the list is read again. */
export function useDeleteDocument(calculationSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A failed deletion is told on the page; it is no reason to leave it.
    meta: { disableErrorPage: true },
    mutationFn: (action: Action) => followAction(action, endpoints.deleteDocument),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.ofSet(calculationSetId) }),
  });
}

/** GET the document's base64 link: its bytes, name and type. Throws on failure. */
export async function fetchDocument(action: Action, signal?: AbortSignal) {
  const answer = await followAction(action, endpoints.downloadDocument, undefined, signal);
  return {
    bytes: decodeBase64(answer.contentAsBase64),
    fileName: answer.fileName,
    mimeType: answer.mimeType ?? 'application/octet-stream',
  };
}

/** GET the document and save it under its file name. Throws on failure. */
export async function downloadDocument(action: Action): Promise<void> {
  const file = await fetchDocument(action);
  saveFile(file.bytes, file.fileName, file.mimeType);
}
