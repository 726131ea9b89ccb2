import { z } from 'zod';
import { entity, entityWith } from './entity';

/** A company of the credit agency's search, with the link that selects it. */
export const AgencyHitSchema = z.object({
  name: z.string(),
  registrationNumber: z.string().optional(),
  vatId: z.string().optional(),
  taxId: z.string().optional(),
  tradeRegisterId: z.string().optional(),
  legalForm: z.string(),
  agencyId: z.string(),
  agencyCustomerId: z.string(),
  street: z.string(),
  postalCode: z.string(),
  town: z.string(),
  region: z.string(),
  countryIso: z.string(),
});
export const CustomerSearchEntity = entityWith(
  z.object({ count: z.number(), limitExceeded: z.boolean() }),
  entity(AgencyHitSchema),
);

export type AgencyHit = z.infer<typeof AgencyHitSchema>;
export type CustomerSearchEntity = z.infer<typeof CustomerSearchEntity>;
