import Dexie, { type Table } from 'dexie';
import { fromKeptPath, type OutboxEndpoint } from './endpoints';

/**
 * The device's offline store (docs/offline.md): calculation drafts, the outbox of writes waiting for
 * the server, files not yet sent and the calculation's reference data. Every row belongs to one
 * signed-in account (`owner`, the token's subject), so a second user of the same tablet never
 * sees or replays another's. Schema versions are
 * planned: a new table or index is a new `version()`, never a change of an old one.
 */
export interface DraftRow {
  /** `${owner}:${profileId}:${setId/variantId | 'new'}` */
  key: string;
  owner: string;
  value: unknown;
  updatedAt: number;
}

/**
 * A file chosen to attach while it cannot be sent yet (docs/offline.md): the bytes as a Blob, or as
 * an ArrayBuffer with its type where the browser refuses to store a Blob (older WebKit).
 * `draftKey` ties it to a new calculation's draft until that is saved; then an outbox entry
 * refers to it, and it goes once the server answered 201.
 */
export interface FileRow {
  id: string;
  owner: string;
  draftKey?: string;
  name: string;
  type: string;
  size: number;
  lastModified: number;
  category: string;
  data: Blob | ArrayBuffer;
}

/**
 * Reference data a calculation needs without a connection (docs/offline.md): the condition lists and
 * object types of the calculation view, the party configurations; per account and user profile.
 */
export interface ReferenceRow {
  /** `${owner}:${profileId}:${path}` */
  key: string;
  owner: string;
  value: unknown;
  fetchedAt: number;
}

/** The highest save applied per account and entity (journal.ts): an older one never replaces it. */
export interface SequenceRow {
  /** `${owner}:${entityKey}` */
  key: string;
  owner: string;
  seq: number;
  at: number;
}

export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed';

export interface OutboxEntry {
  /** Time-ordered: entries are sent in this order. */
  id: string;
  owner: string;
  profileId: string;
  /** Entries of one entity go strictly one after the other. */
  entityKey: string;
  /** The save this entry carries (journal.ts); absent on entries kept before it existed. */
  seq?: number;
  /** What the sync panel shows. */
  label: string;
  /** The endpoint the write goes to (endpoints.ts) and its path parameters and query. */
  endpoint: OutboxEndpoint;
  params: Record<string, string>;
  body?: unknown;
  idempotencyKey: string;
  ifMatch?: string;
  attempts: number;
  /** 5xx answers that were not 'away for now' (502–504): the entry fails after a few (outbox.ts). */
  refusals?: number;
  nextAttemptAt: number;
  state: OutboxState;
  lastError?: string;
  /** An attachment: the kept file this entry sends (its body is built when it is sent). */
  fileId?: string;
  /** The server's problem for a conflict (its current entity). */
  problem?: unknown;
  createdAt: number;
}

class OfflineDb extends Dexie {
  drafts!: Table<DraftRow, string>;
  outbox!: Table<OutboxEntry, string>;
  files!: Table<FileRow, string>;
  reference!: Table<ReferenceRow, string>;
  sequences!: Table<SequenceRow, string>;

  constructor() {
    super('partner-portal');
    this.version(1).stores({
      drafts: 'key, owner',
      outbox: 'id, owner, entityKey, state',
    });
    this.version(2).stores({ files: 'id, owner, draftKey' });
    this.version(3).stores({ reference: 'key, owner' });
    this.version(4).stores({ sequences: 'key, owner, at' });
    // Entries kept before they named their endpoint kept its method and address instead.
    this.version(5)
      .stores({})
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((row: Partial<OutboxEntry> & { method?: string; path?: string }) => {
            const kept = row.path === undefined ? undefined : fromKeptPath(row.method ?? '', row.path);
            if (!kept) return;
            row.endpoint = kept.endpoint;
            row.params = kept.params;
            delete row.method;
            delete row.path;
          }),
      );
    // Drafts kept before the draft took the variant's names called their objects `objects`
    // (the list they name, conditionListId, is filled in when the editor snaps them).
    this.version(6)
      .stores({})
      .upgrade((tx) =>
        tx
          .table('drafts')
          .toCollection()
          .modify((row: DraftRow) => {
            const draft = (row.value as { draft?: Record<string, unknown> } | undefined)?.draft;
            if (!draft || !('objects' in draft)) return;
            draft.financingObjects ??= draft.objects;
            delete draft.objects;
          }),
      );
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

/** Keeps a chosen file; an ArrayBuffer with its type where a Blob cannot be stored. */
export async function keepFile(
  file: File,
  meta: { owner: string; category: string; draftKey?: string },
): Promise<FileRow> {
  const row: FileRow = {
    id: nextId(),
    ...meta,
    name: file.name,
    type: file.type,
    size: file.size,
    lastModified: file.lastModified,
    data: file.slice(0, file.size, file.type),
  };
  try {
    await offlineDb.files.add(row);
  } catch {
    row.data = await file.arrayBuffer();
    await offlineDb.files.add(row);
  }
  return row;
}

/**
 * The browser refused a write for want of space. Dexie reports it under its own error, or as
 * the abort of the transaction with the quota error inside.
 */
export function isStorageFull(error: unknown): boolean {
  for (let e = error; e instanceof Error || e instanceof DOMException; e = (e as { inner?: unknown }).inner)
    if (e.name === 'QuotaExceededError') return true;
  return false;
}

export const blobOf = (row: FileRow): Blob =>
  row.data instanceof Blob ? row.data : new Blob([row.data], { type: row.type });
