import type { DocumentProperties } from '../../domain/api/documents';
import type { Action } from '../../domain/hypermedia';

/** A document of a calculation set as the list answers it (src/domain/api/documents.ts), with its actions. */
export interface DocumentItem extends DocumentProperties {
  download?: Action;
  delete?: Action;
}

export interface DocumentsView {
  generated: DocumentItem[];
  attachments: DocumentItem[];
  /** Absent when the caller may not add documents (a read-only brand). */
  upload?: Action;
  maxFileSize: number;
  allowedExtensions: string[];
  categories: string[];
}
