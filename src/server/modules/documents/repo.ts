import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { documents } from '../../db/schema';
import { isUuid } from '../calculations';
import type { ContractDocument } from '../contracts';

/** SQL of the documents' metadata (migration 008); the bytes are the document store's. */
export type DocumentGroup = 'generated' | 'attachment';

const COLUMNS = {
  id: documents.id,
  calculationSetId: documents.calculationSetId,
  documentGroup: documents.documentGroup,
  category: documents.category,
  fileName: documents.fileName,
  format: documents.format,
  size: documents.size,
  lastModifiedAt: documents.lastModifiedAt,
  createdAt: documents.createdAt,
  createdBy: documents.createdBy,
};

export type DocumentRow = Awaited<ReturnType<typeof listDocuments>>[number];

export async function listDocuments(q: Queryable, setId: string) {
  return orm(q)
    .select(COLUMNS)
    .from(documents)
    .where(eq(documents.calculationSetId, setId))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

export async function findDocument(q: Queryable, id: string, lock = false): Promise<DocumentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const select = orm(q).select(COLUMNS).from(documents).where(eq(documents.id, id));
  const [row] = lock ? await select.for('update') : await select;
  return row;
}

export interface NewDocument {
  calculationSetId: string;
  documentGroup: DocumentGroup;
  category: string;
  fileName: string;
  format: string;
  size: number;
  /** As the client sent it; PostgreSQL reads it (no parsing here). */
  lastModifiedAt: string | null;
  createdBy: string | null;
}

export async function insertDocument(q: Queryable, d: NewDocument): Promise<string> {
  const [row] = await orm(q)
    .insert(documents)
    .values({ ...d, lastModifiedAt: d.lastModifiedAt === null ? null : sql`${d.lastModifiedAt}` })
    .returning({ id: documents.id });
  return row!.id;
}

/**
 * The bytes of the attachments a brand keeps, counted under a lock of the brand's quota that two
 * uploads at once cannot both pass (held until the caller's transaction ends).
 */
export async function attachmentBytesOfBrand(q: Queryable, brandId: string): Promise<number> {
  await q.query(`select pg_advisory_xact_lock(hashtext('upload quota ' || $1))`, [brandId]);
  const [row] = await q.query<{ bytes: string }>(
    `select coalesce(sum(d.size), 0)::text as bytes
       from documents d join calculation_sets s on s.id = d.calculation_set_id
      where s.brand_id = $1 and d.document_group = 'attachment'`,
    [brandId],
  );
  return Number(row!.bytes);
}

export async function deleteDocumentRow(q: Queryable, id: string): Promise<void> {
  await orm(q).delete(documents).where(eq(documents.id, id));
}

/** The redemption offer's PDF: a generated document of the contract (and of its set, when it has one). */
export async function insertContractDocument(q: Queryable, d: ContractDocument): Promise<string> {
  const [row] = await orm(q)
    .insert(documents)
    .values({ ...d, documentGroup: 'generated', category: 'redemptionOffer', format: 'pdf' })
    .returning({ id: documents.id });
  return row!.id;
}
