import { nextId, offlineDb, type OutboxEntry } from './db';
import { fromKeptPath, SET_ID } from './endpoints';

/**
 * The outbox's write-ahead journal (docs/offline.md, "The last save wins"). A save is written to
 * local storage synchronously, in the click that asked for it, and only then into IndexedDB,
 * whose transactions are asynchronous and die with the page: a reload, a closed tab or a
 * navigation right after the click would otherwise lose it. The next start of the app (in any
 * tab) applies what the journal still holds.
 *
 * Every save carries a sequence number; IndexedDB keeps the highest one applied per entity, so
 * a save applied twice (by its own page and by a recovering tab) or late (after a newer one)
 * changes nothing: a newer body never loses to an older one.
 */

export interface NewEntry {
  profileId: string;
  entityKey: string;
  label: string;
  endpoint: OutboxEntry['endpoint'];
  /** `setId` may be SET_ID: filled from the answer of the entity's create before it. */
  params: Record<string, string>;
  body?: unknown;
  ifMatch?: string;
  /** An attachment kept on the device (keepFile), sent as the upload body. */
  fileId?: string;
  /** The key of a send tried online whose answer was lost: the server knows it by this one. */
  idempotencyKey?: string;
}

/**
 * The draft a save takes over in its own transaction: a page left before the editor cleared it
 * must not reopen the save as unsaved work. A new calculation's kept files follow as uploads.
 */
export interface DraftHandover {
  draftKey: string;
  /** The parameters of a create's uploads (each file adds its category as `documentType`). */
  upload?: Record<string, string>;
}

export interface Save {
  seq: number;
  owner: string;
  idempotencyKey: string;
  entry: NewEntry;
  draft?: DraftHandover;
}

const PREFIX = 'outbox-journal:';
const SEQ_KEY = 'outbox-seq';

let lastSeq = 0;
/**
 * Strictly increasing on this device: one more than the last number given out (kept in local
 * storage for other tabs and later starts), and never below the clock in milliseconds, so that
 * cleared local storage cannot make a later save look older than one IndexedDB already holds.
 */
function nextSeq(): number {
  const stored = Number(read(SEQ_KEY)) || 0;
  lastSeq = Math.max(lastSeq + 1, stored + 1, Date.now());
  write(SEQ_KEY, String(lastSeq));
  return lastSeq;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): boolean {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Records a save at once (synchronously). Where local storage refuses (full, or disabled), the
 * save still goes to IndexedDB; it is then only as safe as that write.
 */
export function record(owner: string, entry: NewEntry, draft?: DraftHandover): Save {
  const idempotencyKey = entry.idempotencyKey ?? crypto.randomUUID();
  const save: Save = { seq: nextSeq(), owner, idempotencyKey, entry, draft };
  write(PREFIX + save.seq, JSON.stringify(save));
  return save;
}

/** Moves a recorded save into the outbox, once, in one transaction; then the journal forgets it. */
export async function apply(save: Save): Promise<void> {
  const { owner, entry, draft } = save;
  const tables = [offlineDb.outbox, offlineDb.sequences, offlineDb.files, offlineDb.drafts];
  await offlineDb.transaction('rw', tables, async () => {
    const key = `${owner}:${entry.entityKey}`;
    const known = await offlineDb.sequences.get(key);
    if (known && known.seq >= save.seq) return;
    await offlineDb.sequences.put({ key, owner, seq: save.seq, at: Date.now() });
    // A newer save of an entity whose last entry has not been tried yet replaces that entry's
    // body: the server gets the latest inputs once, under the first key and version.
    const waiting = await offlineDb.outbox
      .where('entityKey')
      .equals(entry.entityKey)
      .filter((e) => e.owner === owner && e.state === 'pending' && e.attempts === 0)
      .last();
    if (waiting && !entry.fileId && sameRequest(waiting, entry))
      await offlineDb.outbox.update(waiting.id, { body: entry.body, label: entry.label, seq: save.seq });
    else await offlineDb.outbox.add(newRow(save, entry));
    if (draft) await handOver(save, draft);
  });
  forget(save.seq);
}

const sameRequest = (a: Pick<NewEntry, 'endpoint' | 'params'>, b: Pick<NewEntry, 'endpoint' | 'params'>) =>
  a.endpoint === b.endpoint && JSON.stringify(a.params) === JSON.stringify(b.params);

function newRow(save: Save, entry: NewEntry): OutboxEntry {
  return {
    ...entry,
    id: nextId(),
    owner: save.owner,
    seq: save.seq,
    idempotencyKey: entry === save.entry ? save.idempotencyKey : crypto.randomUUID(),
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    createdAt: Date.now(),
  };
}

/** A create's draft files follow it as uploads of the same entity; the draft itself goes. */
async function handOver(save: Save, draft: DraftHandover) {
  const files = draft.upload
    ? await offlineDb.files.where('draftKey').equals(draft.draftKey).sortBy('id')
    : [];
  for (const file of files) {
    const upload: NewEntry = {
      profileId: save.entry.profileId,
      entityKey: save.entry.entityKey,
      label: file.name,
      endpoint: 'uploadDocumentFile',
      params: { setId: SET_ID, ...draft.upload, documentType: file.category },
      fileId: file.id,
    };
    await offlineDb.outbox.add(newRow(save, upload));
    await offlineDb.files.update(file.id, { draftKey: undefined });
  }
  await offlineDb.drafts.delete(draft.draftKey);
}

/** Drops a recorded save from the journal (applied, or refused and told to the user). */
export function forget(seq: number): void {
  try {
    localStorage.removeItem(PREFIX + seq);
  } catch {
    /* nothing kept, nothing to forget */
  }
}

type KeptDraft = DraftHandover & { uploadPath?: string };
type KeptEntry = NewEntry & { method?: string; path?: string };

/**
 * A save recorded by a version before entries named their endpoint: its address and its
 * uploads' address become endpoint and parameters (endpoints.ts).
 */
function keptSave(save: Save): Save {
  const entry = save.entry as KeptEntry;
  const draft: KeptDraft | undefined = save.draft;
  if (entry.path === undefined) return save;
  const { method, path, ...rest } = entry;
  const kept = fromKeptPath(method ?? '', path);
  const upload =
    draft?.uploadPath && fromKeptPath('POST', draft.uploadPath.replace('{documentType}', 'other'));
  const { uploadPath, ...handover } = draft ?? { draftKey: '' };
  return {
    ...save,
    entry: kept ? { ...rest, ...kept } : save.entry,
    draft: draft && {
      ...handover,
      ...(uploadPath && upload ? { upload: withoutCategory(upload.params) } : {}),
    },
  };
}
const withoutCategory = ({ documentType: _, setId: __, ...rest }: Record<string, string>) => rest;

/** The saves recorded on this device and not yet applied (any account), oldest first. */
function recorded(): Save[] {
  const saves: Save[] = [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      try {
        saves.push(keptSave(JSON.parse(localStorage.getItem(key) ?? '') as Save));
      } catch {
        localStorage.removeItem(key);
      }
    }
  } catch {
    return [];
  }
  return saves.sort((a, b) => a.seq - b.seq);
}

let recovering: Promise<void> | undefined;
/**
 * Applies what the journal still holds: saves of a page that was left before they reached
 * IndexedDB. The outbox's drain and the readers of drafts wait for it, so a draft that a
 * recorded create took over never shows again. One run at a time; a save applied twice (here
 * and by its own page) changes nothing the second time.
 */
export function recover(): Promise<void> {
  recovering ??= (async () => {
    for (const save of recorded())
      // One that cannot be applied now (storage refused) stays for the next run.
      await apply(save).catch((error: unknown) => console.error('journal: save not applied', error));
    // A kept sequence only matters while a journal entry could still be older: prune after 30 days.
    await offlineDb.sequences
      .where('at')
      .below(Date.now() - 30 * 24 * 60 * 60 * 1000)
      .delete();
  })().finally(() => {
    recovering = undefined;
  });
  return recovering;
}
