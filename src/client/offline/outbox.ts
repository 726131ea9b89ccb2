import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { sessionStore } from '../auth/session';
import type { Entity } from '../../domain/hypermedia';
import { HEADERS } from '../../domain/http';
import { api, ApiError } from '../http';
import { postWithProgress, uploadBody, uploadForm } from '../upload';
import { addressOf } from '../../domain/api/address';
import { blobOf, offlineDb, type OutboxEntry } from './db';
import { OUTBOX_ENDPOINTS, SET_ID } from './endpoints';
import { apply, forget, record, recover, type DraftHandover, type NewEntry } from './journal';
import { currentOwner } from './owner';

/**
 * The outbox of docs/offline.md: writes made without a connection wait here and are sent, exactly
 * once, when the connection returns. Entries of one entity go in order, at most 4 entities at a
 * time; every send carries its Idempotency-Key (the server answers a repeat with the first
 * answer), updates their If-Match. A server that cannot be reached or is away for now is tried
 * again with backoff and jitter for as long as it takes; any other 5xx only MAX_REFUSALS times,
 * then the entry is failed with the server's reason (it fails the same way every time and must
 * not be retried in silence for ever); a 401 pauses until the same account is signed in again;
 * 409 and 412 stop the entry as a conflict for the user to decide; other 4xx are final and shown.
 */
export const PARALLEL = 4;
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** No answer, or the server or a proxy says it is away for now: retried without a bound. */
const TRANSIENT = new Set([0, 408, 429, 502, 503, 504]);
/** Other 5xx answers an entry may get before it is failed. */
export const MAX_REFUSALS = 5;

export type { NewEntry };

export { SET_ID } from './endpoints';

/**
 * Queues a write. It is recorded synchronously, before the first `await` (journal.ts): a page
 * left right after the call keeps it. It rejects when the device refused to keep it
 * (`isStorageFull`), with nothing queued before it touched. Answers the save's sequence number,
 * which the entry carrying it reports to `onSent` listeners. `draft` hands a new calculation's draft and its kept
 * files over to the create in the same step.
 */
export async function enqueue(entry: NewEntry, draft?: DraftHandover): Promise<number> {
  const owner = currentOwner();
  if (!owner) throw new Error('Nobody is signed in.');
  const save = record(owner, entry, draft);
  try {
    await apply(save);
  } catch (error) {
    // Refused (storage full): the caller says so at once and keeps the user's input; the
    // transaction changed nothing, and the journal must not apply the save behind their back.
    forget(save.seq);
    throw error;
  }
  void drain();
  return save.seq;
}

/** How much of each upload now on its way was sent (0 to 1), for the sync panel. */
const progress = new Map<string, number>();
const progressListeners = new Set<() => void>();
const setProgress = (id: string, fraction?: number) => {
  if (fraction === undefined) progress.delete(id);
  else progress.set(id, fraction);
  progressListeners.forEach((l) => l());
};
export function useUploadProgress(id: string): number | undefined {
  const [value, setValue] = useState(progress.get(id));
  useEffect(() => {
    const listener = () => setValue(progress.get(id));
    progressListeners.add(listener);
    return () => void progressListeners.delete(listener);
  }, [id]);
  return value;
}

let paused = false;
type SentListener = (entry: OutboxEntry, answer: Entity | undefined) => void;
const sent = new Set<SentListener>();
/**
 * Called after each write reached the server, with its answer (the app refreshes its lists), in
 * every tab of the app: one tab drains for all, and the others show the result too.
 */
export function onSent(listener: SentListener): () => void {
  sent.add(listener);
  return () => sent.delete(listener);
}
const sentChannel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('outbox-sent');
sentChannel?.addEventListener('message', (event: MessageEvent<[OutboxEntry, Entity | undefined]>) =>
  sent.forEach((l) => l(...event.data)),
);
function announce(entry: OutboxEntry, answer: Entity | undefined) {
  sent.forEach((l) => l(entry, answer));
  sentChannel?.postMessage([entry, answer]);
}
/** The same account signed in again after a 401. */
export function resumeOutbox(): void {
  paused = false;
  void drain();
}

const backoff = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempts) * (0.5 + Math.random());

/**
 * Takes an entry for sending: read afresh in the transaction that marks it, so the body sent is
 * the newest (a save may have replaced it since the round listed it), and no later save is
 * merged into a body already on its way.
 */
function claim(id: string): Promise<OutboxEntry | undefined> {
  return offlineDb.transaction('rw', offlineDb.outbox, async () => {
    const entry = await offlineDb.outbox.get(id);
    if (entry?.state !== 'pending') return undefined;
    await offlineDb.outbox.update(id, { state: 'sending' });
    return entry;
  });
}

async function send(listed: OutboxEntry): Promise<void> {
  const entry = await claim(listed.id);
  if (!entry) return;
  const token = sessionStore.get().user?.access_token;
  const headers = {
    // Replayed for the brand it was made under, whichever brand the tab has selected now.
    [HEADERS.userProfileId]: entry.profileId,
    'Idempotency-Key': entry.idempotencyKey,
    ...(entry.ifMatch ? { 'If-Match': entry.ifMatch } : {}),
  };
  try {
    const answer = entry.fileId
      ? await upload(entry, headers)
      : await api<Entity>(addressOf(OUTBOX_ENDPOINTS[entry.endpoint], entry.params), {
          method: OUTBOX_ENDPOINTS[entry.endpoint].method,
          body: entry.body,
          headers,
        });
    await offlineDb.transaction('rw', offlineDb.outbox, offlineDb.files, async () => {
      await offlineDb.outbox.delete(entry.id);
      if (entry.fileId) await offlineDb.files.delete(entry.fileId);
      const delivered = answer?.properties as { calculationSetId?: unknown; etag?: unknown } | undefined;
      if (typeof delivered?.calculationSetId === 'string') await fillSetId(entry, delivered.calculationSetId);
      if (entry.ifMatch && typeof delivered?.etag === 'string') await passVersion(entry, delivered.etag);
    });
    announce(entry, answer ?? undefined);
  } catch (error) {
    setProgress(entry.id);
    const status = error instanceof ApiError ? error.status : 0;
    const problem = error instanceof ApiError ? error.problem : undefined;
    const lastError =
      problem?.detail ?? problem?.title ?? (error instanceof Error ? error.message : String(error));
    if (status === 401 && sessionStore.get().user?.access_token !== token) {
      // Refused with a token renewed while the call was on its way: send again with the new one
      // (pausing now would wait for the next renewal, which may be many minutes away).
      await offlineDb.outbox.update(entry.id, { state: 'pending', nextAttemptAt: 0 });
    } else if (status === 401) {
      paused = true;
      await offlineDb.outbox.update(entry.id, { state: 'pending', lastError });
    } else if (status === 409 && problem?.type === '/problems/idempotency-conflict') {
      // The first send of this key is still running on the server: ask again shortly.
      await offlineDb.outbox.update(entry.id, { state: 'pending', nextAttemptAt: Date.now() + backoff(0) });
    } else if (status === 409 || status === 412) {
      await offlineDb.outbox.update(entry.id, { state: 'conflict', lastError, problem });
    } else if (TRANSIENT.has(status) || status >= 500) {
      const refusals = (entry.refusals ?? 0) + (TRANSIENT.has(status) ? 0 : 1);
      await offlineDb.outbox.update(entry.id, {
        state: refusals >= MAX_REFUSALS ? 'failed' : 'pending',
        attempts: entry.attempts + 1,
        refusals,
        nextAttemptAt: Date.now() + backoff(entry.attempts),
        lastError,
      });
    } else {
      await offlineDb.outbox.update(entry.id, {
        state: 'failed',
        attempts: entry.attempts + 1,
        lastError,
        problem,
      });
    }
  }
}

/** Sends a kept file with its progress; the bytes are read only now, never kept twice. */
async function upload(entry: OutboxEntry, headers: Record<string, string>) {
  const file = await offlineDb.files.get(entry.fileId!);
  if (!file)
    throw new ApiError(410, '', {
      type: 'about:blank',
      status: 410,
      title: 'The file is no longer on this device.',
    });
  setProgress(entry.id, 0);
  const answer = await postWithProgress(
    addressOf(OUTBOX_ENDPOINTS[entry.endpoint], entry.params),
    // A file kept for the base64 address goes there (a repeat of a send whose answer was lost
    // is recognised at the same address only).
    entry.endpoint === 'uploadDocument'
      ? await uploadBody(blobOf(file), file.name, file.lastModified)
      : uploadForm(blobOf(file), file.name, file.lastModified),
    (fraction) => setProgress(entry.id, fraction),
    undefined,
    headers,
  );
  setProgress(entry.id);
  return answer;
}

/** The entity's later entries (its attachments, its next saves) learn the new set's id. */
async function fillSetId(entry: OutboxEntry, setId: string) {
  const later = await offlineDb.outbox.where('entityKey').equals(entry.entityKey).toArray();
  for (const e of later)
    if (e.params.setId === SET_ID) await offlineDb.outbox.update(e.id, { params: { ...e.params, setId } });
}

/**
 * A later save of the same entity made on top of the same version (it could not be merged into
 * this one: an offer link waited between them) goes on from the version this save made.
 */
async function passVersion(entry: OutboxEntry, etag: string) {
  await offlineDb.outbox
    .where('entityKey')
    .equals(entry.entityKey)
    .filter((e) => e.owner === entry.owner && e.state === 'pending' && e.ifMatch === entry.ifMatch)
    .modify({ ifMatch: etag });
}

/** Whether writes of an entity wait on this device (a send made now would overtake them). */
export async function waitingFor(owner: string, entityKey: string): Promise<boolean> {
  return (
    (await offlineDb.outbox
      .where('entityKey')
      .equals(entityKey)
      .filter((e) => e.owner === owner)
      .count()) > 0
  );
}

/** One round: the first waiting entry of each entity, at most PARALLEL at once. */
async function round(owner: string): Promise<boolean> {
  const all = await offlineDb.outbox.where('owner').equals(owner).sortBy('id');
  const firstOfEntity = new Map<string, OutboxEntry>();
  for (const e of all) if (!firstOfEntity.has(e.entityKey)) firstOfEntity.set(e.entityKey, e);
  // An entity whose first entry waits for the user (conflict, failed) holds its later ones back.
  const due = [...firstOfEntity.values()].filter(
    (e) => e.state === 'pending' && e.nextAttemptAt <= Date.now(),
  );
  if (due.length === 0) return false;
  for (let k = 0; k < due.length; k += PARALLEL) await Promise.all(due.slice(k, k + PARALLEL).map(send));
  return true;
}

let draining: Promise<void> | undefined;

/** Sends what is due; one drain at a time in this tab, and across tabs by a Web Lock. */
export function drain(): Promise<void> {
  // Cleared after it settles (never synchronously), so a drain that ends at once cannot stick.
  draining ??= drainOnce().finally(() => {
    draining = undefined;
  });
  return draining;
}

async function drainOnce(): Promise<void> {
  await recover();
  const owner = currentOwner();
  if (!owner || paused || !navigator.onLine) return;
  const run = async () => {
    // Only the holder of the drain sends: an entry left 'sending' was cut off (a closed tab, a
    // crash) and goes again under its key, which the server answers once.
    await offlineDb.outbox.where('state').equals('sending').modify({ state: 'pending' });
    while (!paused && navigator.onLine && (await round(owner))) {
      /* next round */
    }
  };
  // Another tab draining holds the lock: this one leaves it to that tab (and tries later).
  if ('locks' in navigator)
    await navigator.locks.request('outbox-drain', { ifAvailable: true }, (lock) =>
      lock ? run() : undefined,
    );
  else await run();
}

/** Entries left with backoff are tried again when due. */
let timer: ReturnType<typeof setInterval> | undefined;
export function startOutbox(): void {
  if (timer) return;
  window.addEventListener('online', () => void drain());
  // Paused by a 401: the same account signing in again resumes it (entries are per account).
  sessionStore.subscribe(() => {
    if (paused && currentOwner()) resumeOutbox();
  });
  timer = setInterval(() => void drain(), 5_000);
  void drain();
}

/**
 * The user's choice on a conflict (docs/offline.md): keep theirs → sent again as a forced update
 * (under a new key: it is another request); take the server's → the entry and the kept draft go.
 */
export async function resolveConflict(id: string, choice: 'mine' | 'theirs'): Promise<void> {
  const entry = await offlineDb.outbox.get(id);
  if (!entry) return;
  if (choice === 'theirs') {
    await offlineDb.transaction('rw', offlineDb.outbox, offlineDb.drafts, async () => {
      await offlineDb.outbox.delete(id);
      const ids = entry.entityKey.replace(/^variant:/, '');
      await offlineDb.drafts.delete(`${entry.owner}:${entry.profileId}:${ids}`);
    });
    return;
  }
  await offlineDb.outbox.update(id, {
    params: { ...entry.params, forceUpdate: 'true' },
    ifMatch: undefined,
    idempotencyKey: crypto.randomUUID(),
    state: 'pending',
    nextAttemptAt: 0,
    problem: undefined,
    lastError: undefined,
  });
  await drain();
}

/** Entries of anybody on this device that have not reached the server. */
export function pendingCount(): Promise<number> {
  return offlineDb.outbox.count();
}

/** The user's retry: a failed entry gets its full number of tries again. */
export async function retry(id: string): Promise<void> {
  await offlineDb.outbox.update(id, { state: 'pending', nextAttemptAt: 0, refusals: 0 });
  await drain();
}

/** Discards an entry; discarding a create also discards what waits for its set's id. */
export async function discard(id: string): Promise<void> {
  await offlineDb.transaction('rw', offlineDb.outbox, offlineDb.files, async () => {
    const entry = await offlineDb.outbox.get(id);
    if (!entry) return;
    const orphans =
      entry.params.setId === SET_ID
        ? []
        : (await offlineDb.outbox.where('entityKey').equals(entry.entityKey).toArray()).filter(
            (e) => e.params.setId === SET_ID,
          );
    for (const e of [entry, ...orphans]) {
      await offlineDb.outbox.delete(e.id);
      if (e.fileId) await offlineDb.files.delete(e.fileId);
    }
  });
}

/** The signed-in account's entries, live (none while the database cannot be read). */
export function useOutbox(): OutboxEntry[] {
  return useLiveQuery(
    () => {
      const owner = currentOwner();
      if (!owner) return [];
      return offlineDb.outbox
        .where('owner')
        .equals(owner)
        .sortBy('id')
        .catch(() => []);
    },
    [],
    [],
  );
}
