import { z } from 'zod';
import { entity } from './entity';

/** The offer's answer: the generated document, and whether it was mailed to the customer. */
export const OfferEntity = entity(
  z.object({
    calculationSetId: z.string(),
    calculationVariantId: z.string(),
    documentId: z.string(),
    fileName: z.string(),
    hash: z.string(),
    sent: z.boolean(),
  }),
);
export type OfferEntity = z.infer<typeof OfferEntity>;
