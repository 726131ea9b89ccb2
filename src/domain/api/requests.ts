import { z } from 'zod';
import { OfferBody, OfferQuery, SpecialCaseBody, ToGrenkeBody } from '../calculation/requests';
import type { Binding } from './binding';
import { VariantEntity } from './calculations';
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

/** The offer's, the request's and the special case's schemas (contract.ts). */
export const requestEndpoints = {
  offer: { query: OfferQuery, body: OfferBody, answer: OfferEntity },
  request: { body: ToGrenkeBody, answer: VariantEntity },
  cancelRequest: { answer: VariantEntity },
  specialCase: { body: SpecialCaseBody, answer: VariantEntity },
} satisfies Record<string, Binding>;
