import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleApiError } from '../../../client/errors';
import { ApiError } from '../../../client/http';
import { isStorageFull, keepFile } from '../../../client/offline/db';
import { enqueue } from '../../../client/offline/outbox';
import { currentOwner } from '../../../client/offline/owner';
import { postWithProgress, uploadForm } from '../../../client/upload';
import { addressOf, paramsIn } from '../../../domain/api/address';
import { CALLS } from '../../../domain/constants';
import { uploadDocument, uploadDocumentFile } from '../../../domain/api/endpoints/documents';
import type { Action } from '../../../domain/hypermedia';
import { useProfile } from '../../../client/profile/queries';
import { localProblem } from '../api/files';
import { documentKeys } from '../../../client/documents/queries';

/**
 * The files being added to a set: each is checked here first, then sent with its progress
 * (spec flags: uploading, upload failed). A failed one stays with its reason until the user
 * retries or removes it; a sent one leaves the queue and shows in the list. Without a
 * connection a file is kept on the device and goes with the outbox once online (docs/offline.md).
 */
export interface UploadItem {
  id: string;
  file: File;
  category: string;
  /** refused: by the local check, not sent; waiting: for a free slot. */
  status: 'refused' | 'waiting' | 'uploading' | 'failed';
  /** 0 to 1: how much of the request was sent. */
  progress: number;
  /** A message key under documents.errors. */
  reason?: string;
  correlationId?: string;
}

export function useUploads({
  calculationSetId,
  upload,
  rules,
  onUploaded,
}: {
  calculationSetId: string;
  upload: Action | undefined;
  rules: { maxFileSize: number; allowedExtensions: string[] };
  onUploaded: (fileName: string, queued: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const started = useRef(new Set<string>());

  const update = useCallback(
    (id: string, change: Partial<UploadItem>) =>
      setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i))),
    [],
  );

  const send = useCallback(
    async (item: UploadItem, action: Action) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      update(item.id, { status: 'uploading', progress: 0, reason: undefined, correlationId: undefined });
      const url = new URL(action.href, window.location.origin);
      url.searchParams.set('documentType', item.category);
      // The form's address, also from an action kept from before it (the base64 one's).
      const params =
        paramsIn(uploadDocumentFile, action.method, url.href) ??
        paramsIn(uploadDocument, action.method, url.href);
      const path = params ? addressOf(uploadDocumentFile, params) : url.pathname + url.search;
      const later = async () => {
        const owner = currentOwner();
        if (!owner || !profile || !params) return false;
        const kept = await keepFile(item.file, { owner, category: item.category });
        await enqueue({
          profileId: profile.selectedUserProfileId,
          entityKey: `documents:${calculationSetId}`,
          label: item.file.name,
          endpoint: 'uploadDocumentFile',
          params,
          fileId: kept.id,
        });
        setItems((all) => all.filter((i) => i.id !== item.id));
        onUploaded(item.file.name, true);
        return true;
      };
      try {
        if (!navigator.onLine && (await later())) return;
        await postWithProgress(
          path,
          uploadForm(item.file, item.file.name, item.file.lastModified),
          (progress) => update(item.id, { progress }),
          controller.signal,
        );
        setItems((all) => all.filter((i) => i.id !== item.id));
        onUploaded(item.file.name, false);
        await queryClient.invalidateQueries({ queryKey: documentKeys.ofSet(calculationSetId) });
      } catch (error) {
        if (controller.signal.aborted) return;
        const api = error instanceof ApiError ? error : undefined;
        if (api?.status === 0 && (await later())) return;
        const reason = isStorageFull(error)
          ? 'storageFull'
          : (api?.problem?.['invalid-params']?.[0]?.reason ??
            (api?.status === 0 ? 'network' : api?.status === 403 ? 'forbidden' : 'uploadFailed'));
        update(item.id, { status: 'failed', progress: 0, reason, correlationId: api?.correlationId });
        // An expired session still leads to sign-in; anything else is told on the row.
        handleApiError(error, { disableErrorPage: true, ignore403: true });
      } finally {
        controllers.current.delete(item.id);
        started.current.delete(item.id);
      }
    },
    [calculationSetId, onUploaded, profile, queryClient, update],
  );

  // Start waiting files while fewer than CALLS.parallel are on their way.
  useEffect(() => {
    if (!upload) return;
    let free = CALLS.parallel - started.current.size;
    for (const item of items) {
      if (free <= 0) break;
      if (item.status !== 'waiting' || started.current.has(item.id)) continue;
      started.current.add(item.id);
      free--;
      void send(item, upload);
    }
  }, [items, upload, send]);

  // Leaving the page cancels what is still on its way.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const add = useCallback(
    (files: File[], category: string) =>
      setItems((all) => [
        ...all,
        ...files.map((file): UploadItem => {
          const problem = localProblem(file, rules);
          return {
            id: crypto.randomUUID(),
            file,
            category,
            status: problem ? 'refused' : 'waiting',
            progress: 0,
            reason: problem,
          };
        }),
      ]),
    [rules],
  );

  const retry = useCallback((id: string) => update(id, { status: 'waiting', reason: undefined }), [update]);

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setItems((all) => all.filter((i) => i.id !== id));
  }, []);

  return { items, add, retry, remove };
}
