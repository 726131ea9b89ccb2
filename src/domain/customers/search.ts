import { z } from 'zod';

/** The longest texts the credit agency search takes (the server's `GET /api/customers`). */
export const CUSTOMER_SEARCH_MAX = { name: 200, searchId: 60, town: 60, postalCode: 10, region: 60 } as const;

/**
 * The customer search form (portal specification, “The calls it makes”): a company name or a registration/VAT number,
 * narrowed by town or postcode, in the country of the form. Reasons translate under
 * `customer.errors`.
 */
export const CustomerSearchForm = z
  .object({
    mode: z.enum(['name', 'searchId']),
    text: z.string().trim().min(1, 'required'),
    town: z.string().trim().max(CUSTOMER_SEARCH_MAX.town, 'tooLong'),
    postalCode: z.string().trim().max(CUSTOMER_SEARCH_MAX.postalCode, 'tooLong'),
    countryIso: z.string(),
  })
  .superRefine((s, ctx) => {
    if (s.text.length > CUSTOMER_SEARCH_MAX[s.mode])
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'tooLong' });
  });
export type CustomerSearchForm = z.output<typeof CustomerSearchForm>;
