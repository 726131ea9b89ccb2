import Dexie, { type Table } from 'dexie';

/**
 * The device's offline store (OFFLINE.md): calculation drafts and the outbox of writes waiting
 * for the server. Every row belongs to one signed-in account (`owner`, the token's subject), so
 * a second user of the same tablet never sees or replays another's. Schema versions are
 * planned: a new table or index is a new `version()`, never a change of an old one.
 */
export interface DraftRow {
  /** `${owner}:${profileId}:${setId/variantId | 'new'}` */
  key: string;
  owner: string;
  value: unknown;
  updatedAt: number;
}

export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed';

export interface OutboxEntry {
  /** Time-ordered: entries are sent in this order. */
  id: string;
  owner: string;
  profileId: string;
  /** Entries of one entity go strictly one after the other. */
  entityKey: string;
  /** What the sync panel shows. */
  label: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  idempotencyKey: string;
  ifMatch?: string;
  attempts: number;
  nextAttemptAt: number;
  state: OutboxState;
  lastError?: string;
  /** The server's problem for a conflict (its current entity). */
  problem?: unknown;
  createdAt: number;
}

class OfflineDb extends Dexie {
  drafts!: Table<DraftRow, string>;
  outbox!: Table<OutboxEntry, string>;

  constructor() {
    super('partner-portal');
    this.version(1).stores({
      drafts: 'key, owner',
      outbox: 'id, owner, entityKey, state',
    });
    // Another tab upgraded the schema: let it, and reload this one with the new code.
    this.on('versionchange', () => {
      this.close();
      window.location.reload();
    });
  }
}

export const offlineDb = new OfflineDb();

let sequence = 0;
/** Sortable ids: milliseconds, then a counter for the same millisecond. */
export const nextId = () =>
  `${Date.now().toString(36).padStart(10, '0')}-${(sequence++ % 1e6).toString(36).padStart(4, '0')}`;

/** What this device keeps for an account: its drafts and its writes not yet sent. */
export async function keptFor(owner: string): Promise<{ drafts: number; waiting: number }> {
  const [drafts, waiting] = await Promise.all([
    offlineDb.drafts.where('owner').equals(owner).count(),
    offlineDb.outbox.where('owner').equals(owner).count(),
  ]);
  return { drafts, waiting };
}

/** Sign-out with 'clear': nothing of the account stays on the device. */
export async function clearFor(owner: string): Promise<void> {
  await offlineDb.transaction('rw', offlineDb.drafts, offlineDb.outbox, async () => {
    await offlineDb.drafts.where('owner').equals(owner).delete();
    await offlineDb.outbox.where('owner').equals(owner).delete();
  });
}
