import { z } from 'zod';
import { entity } from './entity';

/** The terms and conditions as a PDF (base64) in one of the portal's languages. */
export const TermsDocumentEntity = entity(
  z.object({
    content: z.string(),
    fileName: z.string(),
    fileFormat: z.literal('pdf'),
    languageCode: z.string(),
  }),
);
export type TermsDocumentEntity = z.infer<typeof TermsDocumentEntity>;
