/**
 * What may be attached to a calculation set (portal specification, “Validation rules” and “Business constants and limits”), shared by the server's
 * check and the PWA's quick check of a file chosen offline: the categories, jpg, png, pdf,
 * doc(x), xls(x), at most 2 MB.
 */
export const DOCUMENT_CATEGORIES = [
  'identity',
  'financial',
  'reseller',
  'registration',
  'delivery',
  'resellerInvoice',
  'service',
  'agreement',
  'commissionInvoice',
  'insurance',
  'attorney',
  'objectOverview',
  'other',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * Only attachments may be deleted: generated documents (offers, contracts) are the record of what
 * was sent. The server offers `delete` and checks the call by this rule, on a writable brand.
 */
export const isDeletable = (document: { documentGroup: string }) => document.documentGroup === 'attachment';

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** The longest base64 text of MAX_DOCUMENT_BYTES (with padding). */
export const MAX_BASE64_CHARS = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4;
export const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx'];

/** What the portal shows itself (images, and PDFs page by page); Word and Excel files are downloaded. */
export const isPreviewable = (document: { format: string }) =>
  ['jpg', 'jpeg', 'png', 'pdf'].includes(document.format.toLowerCase());
