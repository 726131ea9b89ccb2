import { z } from 'zod';
import { TRANSLATED_LOCALES } from '../locales';
import type { Binding } from './binding';
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

/** The terms' schemas (contract.ts): each acceptance answers 204. */
export const termsEndpoints = {
  acceptAll: { status: 204 },
  acceptTermsOfUse: { status: 204 },
  acceptTermsAndConditions: { status: 204 },
  termsAndConditionsDownload: {
    query: z.object({ languageCode: z.enum(TRANSLATED_LOCALES).optional() }),
    answer: TermsDocumentEntity,
  },
} satisfies Record<string, Binding>;
