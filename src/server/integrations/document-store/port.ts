import type { Queryable } from '../../db/db';

/**
 * Where the bytes of a document live, by document id. The metadata stays in the `documents`
 * table (migration 008); the store only keeps content. Each call gets the transaction the
 * metadata is written or read in: the PostgreSQL store writes the bytes in it, so a document
 * and its content commit or roll back together. An object store would ignore it, write the
 * object before the metadata commits and remove it again when that fails (no network call
 * may be awaited inside a transaction, db.ts).
 */
export interface DocumentStore {
  put(q: Queryable, documentId: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when the store holds none for the id. */
  get(q: Queryable, documentId: string): Promise<Buffer | undefined>;
  delete(q: Queryable, documentId: string): Promise<void>;
}
