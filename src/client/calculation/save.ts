import * as endpoints from '../../domain/api/endpoints/calculations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CalculationState } from '../../domain/calculation/states';
import type { CalculationSetSave } from '../../domain/calculation/variant';
import type { Entity } from '../../domain/hypermedia';
import { ApiError, call } from '../http';
import { isStorageFull } from '../offline/db';
import { queueDraftFiles } from '../offline/draft-files';
import { enqueue, onSent } from '../offline/outbox';
import { keyOf, partyErrorsOf, variantEntityKey, type StoredDraft } from './draft-store';
import { serverFieldErrors, type FieldErrors } from './field-errors';
import { calculationKeys } from './queries';
import type { VariantProperties } from './types';

/**
 * How a calculation is saved (docs/offline.md, docs/api.md): online at once; without a connection
 * into the outbox, sent once when it returns; a locked state asks before a forced update, an
 * outdated version asks whose work wins. The editor shows what `save` answers and decides
 * nothing of it.
 */
export type SaveOutcome =
  /** The server holds it; a new calculation's answer names its set and variant. */
  | { kind: 'saved'; answer: Entity<VariantProperties>; created: boolean }
  /** Kept on the device until the outbox delivers it. */
  | { kind: 'queued'; created: boolean }
  /** The device could not keep it: the form still holds the work. */
  | { kind: 'notKept'; storageFull: boolean }
  /** Fields the server refused, the editor's and the parties'. */
  | { kind: 'invalid'; fields: FieldErrors; parties: StoredDraft['partyErrors']; error: ApiError }
  /** A locked state: saving needs the user's confirmation (then `force`). */
  | { kind: 'blocked'; state: string }
  /** Someone saved meanwhile: keeping one's own work saves over their version (`ifMatch`). */
  | { kind: 'conflict'; etag: string }
  /** Refused as a whole (errorKeys, a state that allows no change) or failed. */
  | { kind: 'refused'; error: unknown };

export interface SaveOptions {
  force?: boolean;
  ifMatch?: string;
  /** The outbox's label of an offline save. */
  label: string;
  /** Called in the click once the outbox recorded the save (false: it refused to keep it). */
  handOver: (kept?: boolean) => void;
  /**
   * Only the objects differ from what the server holds: online they alone are sent
   * (PUT …/object-list). Kept on the device, the whole variant is, as the editor reopens from it.
   */
  objectsOnly?: boolean;
}

interface Saved {
  calculationSetId: string;
  calculationVariantId: string;
  etag?: string;
  state?: CalculationState;
}

function useSaveCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    // 400, 409 and 412 are answered in the editor (field errors, blocking dialog, conflict).
    meta: { disableErrorPage: true },
    mutationFn: ({
      body,
      ids,
      etag,
      force,
      objectsOnly,
    }: {
      body: CalculationSetSave;
      ids?: { setId: string; variantId: string };
      etag?: string;
      force?: boolean;
      objectsOnly?: boolean;
    }) => {
      if (!ids) return call(endpoints.createSet, {}, { body });
      const params = { ...ids, forceUpdate: force ? ('true' as const) : undefined };
      const headers: Record<string, string> = etag && !force ? { 'If-Match': etag } : {};
      return objectsOnly
        ? call(endpoints.saveObjectList, params, {
            body: { financingObjects: body.calculationVariant.financingObjects },
            headers,
          })
        : call(endpoints.saveVariant, params, { body, headers });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calculationKeys.all }),
  });
}

/**
 * The save of one editor: its version (ETag), its state and whether a save waits on the device.
 * `dirty` tells whether another tab's later delivery may replace what is shown (`onReload`).
 */
export function useCalculationSave(opts: {
  userProfileId: string;
  saved: Saved | undefined;
  /** A save of this calculation kept on the device when the editor opened. */
  pending: boolean;
  dirty: boolean;
  onReload: () => void;
}) {
  const { userProfileId, saved } = opts;
  const mutation = useSaveCalculation();
  const [etag, setEtag] = useState(saved?.etag);
  const [state, setState] = useState<CalculationState>(saved?.state ?? 'inWork');
  // The provider's decision arrives while the editor is open (live events refresh the view).
  const [viewState, setViewState] = useState(saved?.state);
  if (saved?.state !== viewState) {
    setViewState(saved?.state);
    if (saved?.state) setState(saved.state);
  }
  const ids = saved && { setId: saved.calculationSetId, variantId: saved.calculationVariantId };
  const entityKey = ids && variantEntityKey(ids.setId, ids.variantId);
  const [onDevice, setOnDevice] = useState(opts.pending);
  /** The sequence number of this editor's last save kept on the device. */
  const lastKept = useRef<number>(undefined);
  const sent = useEffectEvent<Parameters<typeof onSent>[0]>((entry, answer) => {
    // Only saves carry the variant (an upload or an offer link of it answers something else).
    if (entry.entityKey !== entityKey || (entry.endpoint !== 'saveVariant' && entry.endpoint !== 'createSet'))
      return;
    // Another tab's save of this calculation, later than this editor's, reached the server:
    // show what the server holds now, unless the user has typed since.
    if (entry.seq !== lastKept.current && !opts.dirty) return opts.onReload();
    const delivered = answer?.properties as Partial<VariantProperties> | undefined;
    if (delivered?.etag) setEtag(delivered.etag);
    if (delivered?.state) setState(delivered.state);
    setOnDevice(false);
  });
  useEffect(() => {
    if (entityKey) return onSent((entry, answer) => sent(entry, answer));
  }, [entityKey]);

  /** Where a new calculation's chosen files wait until its set exists. */
  const newDraftKey = keyOf({ userProfileId });

  /**
   * Without a connection the save waits in the outbox and is sent, once, when it returns. It is
   * recorded before the first await (client/offline/journal.ts): leaving at once loses nothing.
   */
  const saveLater = async (
    body: CalculationSetSave,
    { label, handOver }: SaveOptions,
  ): Promise<SaveOutcome> => {
    const saving = enqueue(
      {
        profileId: userProfileId,
        entityKey: entityKey ?? `new:${crypto.randomUUID()}`,
        label,
        endpoint: ids ? 'saveVariant' : 'createSet',
        params: ids ?? {},
        body,
        ifMatch: ids ? etag : undefined,
      },
      // The save takes the kept draft over; a new calculation's chosen files follow its create
      // and learn its set's id.
      ids
        ? { draftKey: keyOf({ userProfileId, ...ids }) }
        : { draftKey: newDraftKey, upload: { userProfileId } },
    );
    // Recorded by now (synchronously, in this click): leaving the page at once keeps it.
    handOver();
    try {
      lastKept.current = await saving;
    } catch (error) {
      handOver(false);
      return { kind: 'notKept', storageFull: isStorageFull(error) };
    }
    if (ids) setOnDevice(true);
    return { kind: 'queued', created: !ids };
  };

  const save = async (body: CalculationSetSave, options: SaveOptions): Promise<SaveOutcome> => {
    if (!navigator.onLine) return saveLater(body, options);
    try {
      const answer = await mutation.mutateAsync({
        body,
        ids,
        etag: options.ifMatch ?? etag,
        force: options.force,
        objectsOnly: options.objectsOnly,
      });
      const setId = answer.properties.calculationSetId;
      if (!ids)
        await queueDraftFiles(newDraftKey, {
          profileId: userProfileId,
          entityKey: `documents:${setId}`,
          setId,
        });
      setEtag(answer.properties.etag);
      setState(answer.properties.state);
      return { kind: 'saved', answer, created: !ids };
    } catch (error) {
      if (!(error instanceof ApiError)) return { kind: 'refused', error };
      if (error.status === 0) return saveLater(body, options);
      const problem = error.problem;
      // A refusal of the result as a whole (instalmentTooSmall) has no field to mark.
      const fields = problem?.errorKeys?.length ? undefined : serverFieldErrors(error);
      if (fields)
        return { kind: 'invalid', fields, parties: partyErrorsOf(problem?.['invalid-params'] ?? []), error };
      if (error.status === 409 && problem?.canForce)
        return { kind: 'blocked', state: typeof problem.state === 'string' ? problem.state : '' };
      if (error.status === 412)
        return { kind: 'conflict', etag: typeof problem?.etag === 'string' ? problem.etag : '' };
      return { kind: 'refused', error };
    }
  };

  return { save, pending: mutation.isPending, etag, state, onDevice, newDraftKey };
}
