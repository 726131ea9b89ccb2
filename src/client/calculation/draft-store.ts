import { useEffect, useEffectEvent, useState } from 'react';
import { isStorageFull, offlineDb } from '../offline/db';
import { recover } from '../offline/journal';
import { currentOwner } from '../offline/owner';
import type { CalculationSetSave } from '../../domain/calculation/variant';
import type { Draft } from '../../domain/calculation/editor';
import type { Customer, Party } from '../../domain/customers/schemas';
import { notify } from '../ui/notify';
import { i18n } from '../i18n/i18n';

/**
 * The editor's unsaved state per calculation, kept on the device (IndexedDB, docs/offline.md): the
 * customer, supplier and sublessee forms can be opened and left, and a reload, a crash or a
 * closed tab lose nothing.
 */
export interface Parties {
  applicant: Customer | null;
  supplier: Party | null;
  sublessee: Party | null;
  creditAgencyReportIds: string[];
}

export type PartyKind = 'applicant' | 'supplier' | 'sublessee';

export interface StoredDraft {
  draft: Draft;
  parties: Parties;
  /** The server's refusal of a party at the last save, by field path, for its form to mark. */
  partyErrors?: Partial<Record<PartyKind, Record<string, string>>>;
}

export const NO_PARTIES: Parties = {
  applicant: null,
  supplier: null,
  sublessee: null,
  creditAgencyReportIds: [],
};

export interface DraftRef {
  userProfileId: string;
  setId?: string;
  variantId?: string;
}

/** Drafts belong to the signed-in account and the brand: another user or brand never sees them. */
export const keyOf = (ref: DraftRef) =>
  `${currentOwner() ?? 'nobody'}:${ref.userProfileId}:${ref.setId && ref.variantId ? `${ref.setId}/${ref.variantId}` : 'new'}`;

/** The outbox's name for a saved variant: its saves wait there in order. */
export const variantEntityKey = (setId: string, variantId: string) => `variant:${setId}/${variantId}`;

export interface Kept {
  /** Unsaved work. */
  stored: StoredDraft | null;
  /** The last save made on this device that the server has not received yet. */
  pending: CalculationSetSave | null;
}

/**
 * What the device keeps of a calculation, read afresh whenever a page opens (loading while
 * reading). Not in the query cache, whose copy could be older than what a party form just wrote.
 */
export function useStoredDraft(ref: DraftRef | undefined, generation = 0): Kept & { loading: boolean } {
  const key = ref ? `${keyOf(ref)}#${generation}` : '';
  const [state, setState] = useState<Kept & { key: string }>();
  // key stands for ref and generation (the editor reloaded from the server).
  const read = useEffectEvent(() => ref && Promise.all([readDraft(ref), readPending(ref)]));
  useEffect(() => {
    let live = true;
    void read()?.then(([stored, pending]) => live && setState({ key, stored, pending }));
    return () => {
      live = false;
    };
  }, [key]);
  return state?.key === key
    ? { loading: false, stored: state.stored, pending: state.pending }
    : { loading: true, stored: null, pending: null };
}

/** Reads wait for the journal (saves of a page left too early), whose creates take drafts over. */
export async function readDraft(ref: DraftRef): Promise<StoredDraft | null> {
  await recover();
  const row = await offlineDb.drafts.get(keyOf(ref));
  return (row?.value as StoredDraft | undefined) ?? null;
}

async function readPending(ref: DraftRef): Promise<CalculationSetSave | null> {
  const owner = currentOwner();
  if (!ref.setId || !ref.variantId || !owner) return null;
  await recover();
  const saves = await offlineDb.outbox
    .where('entityKey')
    .equals(variantEntityKey(ref.setId, ref.variantId))
    .filter((e) => e.owner === owner && e.endpoint === 'saveVariant')
    .sortBy('id');
  return (saves.at(-1)?.body as CalculationSetSave | undefined) ?? null;
}

export async function writeDraft(ref: DraftRef, value: StoredDraft): Promise<void> {
  const owner = currentOwner();
  if (!owner) return;
  try {
    await offlineDb.drafts.put({ key: keyOf(ref), owner, value, updatedAt: Date.now() });
  } catch (error) {
    // The form still holds what was typed; the user learns at once that leaving would lose it.
    if (!isStorageFull(error)) throw error;
    notify({
      id: 'draft-storage-full',
      type: 'warning',
      title: i18n.t('offline.draftNotKept'),
      duration: 15000,
    });
  }
}

/** The draft goes, and with a new calculation's draft the files chosen for it and not queued. */
export async function clearDraft(ref: DraftRef): Promise<void> {
  const key = keyOf(ref);
  await offlineDb.transaction('rw', offlineDb.drafts, offlineDb.files, async () => {
    await offlineDb.drafts.delete(key);
    await offlineDb.files.where('draftKey').equals(key).delete();
  });
}

/** A party form's result goes into the stored draft (creating it from `fallback` when none is kept). */
export async function updateParties(
  ref: DraftRef,
  fallback: () => StoredDraft | undefined,
  patch: Partial<Parties>,
): Promise<void> {
  const current = (await readDraft(ref)) ?? fallback();
  if (!current) return;
  // A party taken again answers its own errors.
  const partyErrors = { ...current.partyErrors };
  for (const kind of Object.keys(patch)) delete partyErrors[kind as PartyKind];
  await writeDraft(ref, { ...current, parties: { ...current.parties, ...patch }, partyErrors });
}

/** A 400's invalid params of the parties, by party and path (`supplier.address.zip`). */
export function partyErrorsOf(params: { name: string; reason: string }[]): StoredDraft['partyErrors'] {
  const errors: NonNullable<StoredDraft['partyErrors']> = {};
  for (const p of params) {
    const [kind, ...path] = p.name.split('.');
    if (kind !== 'applicant' && kind !== 'supplier' && kind !== 'sublessee') continue;
    (errors[kind] ??= {})[path.join('.') || 'name'] ??= p.reason;
  }
  return errors;
}
