import type { Action } from '../../domain/hypermedia';

/** A document of a calculation set as the list answers it (spec 000 section 3). */
export interface DocumentItem {
  documentId: string;
  calculationSetId: string;
  name: string;
  size: number;
  format: string;
  mimeType: string;
  category: string;
  documentGroup: 'generated' | 'attachment';
  lastModifiedDate: string;
  saveDate: string;
  savedBy: string | null;
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

export interface DownloadAnswer {
  fileName: string;
  contentAsBase64: string;
  format: string;
  mimeType?: string;
}
