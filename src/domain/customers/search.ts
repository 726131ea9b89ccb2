import { z } from 'zod';

/** The longest texts the credit agency search takes (the server's `GET /api/customers`). */
export const CUSTOMER_SEARCH_MAX = { name: 200, searchId: 60, town: 60, postalCode: 10, region: 60 } as const;

/** The field a country's agency narrows a name search by (its configuration names it). */
export type AdditionalSearchParameterType = 'town' | 'postalCode' | 'region';

/**
 * The customer search form (portal specification, “The calls it makes”): a company name or a
 * registration/VAT number, in the country of the form, narrowed by the one field that country's
 * agency searches by (`additionalSearchParameterType` of its configuration: town in Sweden,
 * postcode in Germany, region in Italy, none in the USA). Reasons translate under
 * `customer.errors`.
 */
export const CustomerSearchForm = z
  .object({
    mode: z.enum(['name', 'searchId']),
    text: z.string().trim().min(1, 'required'),
    town: z.string().trim().max(CUSTOMER_SEARCH_MAX.town, 'tooLong'),
    postalCode: z.string().trim().max(CUSTOMER_SEARCH_MAX.postalCode, 'tooLong'),
    region: z.string().trim().max(CUSTOMER_SEARCH_MAX.region, 'tooLong'),
    countryIso: z.string(),
  })
  .superRefine((s, ctx) => {
    if (s.text.length > CUSTOMER_SEARCH_MAX[s.mode])
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'tooLong' });
  });
export type CustomerSearchForm = z.output<typeof CustomerSearchForm>;

/**
 * The search's query: the name or id, and with a name search the country's extra field and its
 * type (the agency takes the type with the value).
 */
export function customerSearchQuery(
  form: CustomerSearchForm,
  extra: AdditionalSearchParameterType | null,
): URLSearchParams {
  const q = new URLSearchParams({ [form.mode]: form.text.trim(), countryIso: form.countryIso });
  const value = extra ? form[extra].trim() : '';
  if (extra && value) q.set(extra, value);
  if (extra && form.mode === 'name') q.set('additionalSearchParameterType', extra);
  return q;
}
