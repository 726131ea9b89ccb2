import type { Queryable } from '../../db/db';
import { isUuid } from '../calculations';

/** SQL of the documents' metadata (migration 008); the bytes are the document store's. */
export type DocumentGroup = 'generated' | 'attachment';

export interface DocumentRow {
  id: string;
  calculationSetId: string;
  documentGroup: DocumentGroup;
  category: string;
  fileName: string;
  format: string;
  size: number;
  lastModifiedAt: Date | null;
  createdAt: Date;
  createdByName: string | null;
}

const COLUMNS = `d.id, d.calculation_set_id as "calculationSetId", d.document_group as "documentGroup",
  d.category, d.file_name as "fileName", d.format, d.size, d.last_modified_at as "lastModifiedAt",
  d.created_at as "createdAt",
  (select u.first_name || ' ' || u.last_name from users u where u.id = d.created_by) as "createdByName"`;

export async function listDocuments(q: Queryable, setId: string): Promise<DocumentRow[]> {
  return q.query<DocumentRow>(
    `select ${COLUMNS} from documents d where d.calculation_set_id = $1 order by d.created_at, d.id`,
    [setId],
  );
}

export async function findDocument(q: Queryable, id: string, lock = false): Promise<DocumentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await q.query<DocumentRow>(
    `select ${COLUMNS} from documents d where d.id = $1 ${lock ? 'for update of d' : ''}`,
    [id],
  );
  return row;
}

export interface NewDocument {
  calculationSetId: string;
  documentGroup: DocumentGroup;
  category: string;
  fileName: string;
  format: string;
  size: number;
  lastModifiedAt: string | null;
  createdBy: string | null;
}

export async function insertDocument(q: Queryable, d: NewDocument): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into documents (calculation_set_id, document_group, category, file_name, format, size,
                            last_modified_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      d.calculationSetId,
      d.documentGroup,
      d.category,
      d.fileName,
      d.format,
      d.size,
      d.lastModifiedAt,
      d.createdBy,
    ],
  );
  return row!.id;
}

export async function deleteDocumentRow(q: Queryable, id: string): Promise<void> {
  await q.query('delete from documents where id = $1', [id]);
}
