import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { sessionStore } from '../auth/session';
import { api, ApiError } from '../http';
import { nextId, offlineDb, type OutboxEntry } from './db';
import { currentOwner } from './owner';

/**
 * The outbox of OFFLINE.md: writes made without a connection wait here and are sent, exactly
 * once, when the connection returns. Entries of one entity go in order, at most 4 entities at a
 * time; every send carries its Idempotency-Key (the server answers a repeat with the first
 * answer), updates their If-Match. Network failures and 5xx retry with backoff and jitter; a
 * 401 pauses until the same account is signed in again; 409 and 412 stop the entry as a
 * conflict for the user to decide; other 4xx are final and shown.
 */
export const PARALLEL = 4;
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** Answers the outbox retries instead of treating them as final. */
const RETRIED = new Set([0, 408, 429]);

export interface NewEntry {
  profileId: string;
  entityKey: string;
  label: string;
  method: OutboxEntry['method'];
  path: string;
  body?: unknown;
  ifMatch?: string;
}

/**
 * Queues a write. A newer write of an entity whose last entry has not been sent yet replaces
 * that entry's body (the server gets the latest inputs once, under the first key and version).
 */
export async function enqueue(entry: NewEntry): Promise<void> {
  const owner = currentOwner();
  if (!owner) throw new Error('Nobody is signed in.');
  await offlineDb.transaction('rw', offlineDb.outbox, async () => {
    const waiting = await offlineDb.outbox
      .where('entityKey')
      .equals(entry.entityKey)
      .filter((e) => e.owner === owner && e.state === 'pending' && e.attempts === 0)
      .last();
    if (waiting && waiting.method === entry.method && waiting.path === entry.path) {
      await offlineDb.outbox.update(waiting.id, { body: entry.body, label: entry.label });
      return;
    }
    await offlineDb.outbox.add({
      ...entry,
      id: nextId(),
      owner,
      idempotencyKey: crypto.randomUUID(),
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
      createdAt: Date.now(),
    });
  });
  void drain();
}

let paused = false;
const sent = new Set<() => void>();
/** Called after each write reached the server (the app refreshes its lists). */
export function onSent(listener: () => void): () => void {
  sent.add(listener);
  return () => sent.delete(listener);
}
/** The same account signed in again after a 401. */
export function resumeOutbox(): void {
  paused = false;
  void drain();
}

const backoff = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempts) * (0.5 + Math.random());

async function send(entry: OutboxEntry): Promise<void> {
  await offlineDb.outbox.update(entry.id, { state: 'sending' });
  try {
    await api(entry.path, {
      method: entry.method,
      body: entry.body,
      headers: {
        'Idempotency-Key': entry.idempotencyKey,
        ...(entry.ifMatch ? { 'If-Match': entry.ifMatch } : {}),
      },
    });
    await offlineDb.outbox.delete(entry.id);
    sent.forEach((l) => l());
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const problem = error instanceof ApiError ? error.problem : undefined;
    const lastError =
      problem?.detail ?? problem?.title ?? (error instanceof Error ? error.message : String(error));
    if (status === 401) {
      paused = true;
      await offlineDb.outbox.update(entry.id, { state: 'pending', lastError });
    } else if (status === 409 && problem?.type === '/problems/idempotency-conflict') {
      // The first send of this key is still running on the server: ask again shortly.
      await offlineDb.outbox.update(entry.id, { state: 'pending', nextAttemptAt: Date.now() + backoff(0) });
    } else if (status === 409 || status === 412) {
      await offlineDb.outbox.update(entry.id, { state: 'conflict', lastError, problem });
    } else if (RETRIED.has(status) || status >= 500) {
      await offlineDb.outbox.update(entry.id, {
        state: 'pending',
        attempts: entry.attempts + 1,
        nextAttemptAt: Date.now() + backoff(entry.attempts),
        lastError,
      });
    } else {
      await offlineDb.outbox.update(entry.id, { state: 'failed', lastError, problem });
    }
  }
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
  const owner = currentOwner();
  if (!owner || paused || !navigator.onLine) return;
  const run = async () => {
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
 * The user's choice on a conflict (OFFLINE.md): keep theirs → sent again as a forced update
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
  const forced = entry.path.includes('forceUpdate=true')
    ? entry.path
    : `${entry.path}${entry.path.includes('?') ? '&' : '?'}forceUpdate=true`;
  await offlineDb.outbox.update(id, {
    path: forced,
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

export async function retry(id: string): Promise<void> {
  await offlineDb.outbox.update(id, { state: 'pending', nextAttemptAt: 0 });
  await drain();
}

export async function discard(id: string): Promise<void> {
  await offlineDb.outbox.delete(id);
}

/** The signed-in account's entries, live. */
export function useOutbox(): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    const owner = currentOwner();
    if (!owner) return;
    const subscription = liveQuery(() =>
      offlineDb.outbox.where('owner').equals(owner).sortBy('id'),
    ).subscribe({
      next: setEntries,
      error: () => setEntries([]),
    });
    return () => subscription.unsubscribe();
  }, []);
  return entries;
}

// The outbox drains as soon as its code is on the page, whichever feature brought it.
if (typeof window !== 'undefined') startOutbox();
