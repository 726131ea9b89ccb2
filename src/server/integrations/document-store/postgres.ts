import type { DocumentStore } from './port';

/** The document store in PostgreSQL: the bytes in `documents.content` (bytea), beside the metadata. */
export const postgresDocumentStore: DocumentStore = {
  async put(q, documentId, bytes) {
    const rows = await q.query<{ id: string }>(
      'update documents set content = $2 where id = $1 returning id',
      [documentId, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
    );
    if (rows.length !== 1) throw new Error(`document ${documentId} has no row to store its content in`);
  },
  async get(q, documentId) {
    const [row] = await q.query<{ content: Uint8Array | null }>(
      'select content from documents where id = $1',
      [documentId],
    );
    // PGlite answers a Uint8Array, pg a Buffer: one type for the callers.
    return row?.content ? Buffer.from(row.content) : undefined;
  },
  async delete(q, documentId) {
    await q.query('update documents set content = null where id = $1', [documentId]);
  },
};
