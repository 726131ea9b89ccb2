import { z } from 'zod';
import type { InvalidParam } from '../problems';
import type { CustomerConfiguration, PartyConfiguration } from './configuration';
import { Customer, Party } from './schemas';
import { customerRules, isBlankBankAccount, partyRules, type Fail } from './validation';

/**
 * The parties of a calculation as the forms and the server check them: the shapes of schemas.ts
 * refined by the country's rules of validation.ts (portal specification, “Validation rules”). An
 * issue's path is the field's (`persons.0.dateOfBirth`), its message the key the client
 * translates under `customer.errors`. The server parses a save's parties with these schemas
 * (`modules/customers/party-rules.ts`), the customer and party forms with `zodResolver`.
 */
export const customerSchema = (config: CustomerConfiguration) =>
  Customer.superRefine((c, ctx) => customerRules(c, config, issuesOf(ctx)));

export const partySchema = (config: PartyConfiguration) =>
  Party.superRefine((p, ctx) => partyRules(p, config, issuesOf(ctx)));

/** What the customer form holds: a whole customer (its defaults filled in), checked as saved. */
export const customerFormSchema = (config: CustomerConfiguration) => whole(customerSchema(config));

/**
 * What the supplier and sublessee form holds: a whole party, whose address, phone or bank account
 * left empty is sent as null (portal specification, “Entities and their fields”) and checked so.
 */
export const partyFormSchema = (config: PartyConfiguration) => whole(partySchema(config), cleanParty);

/** An empty phone, address or bank account as null. */
export function cleanParty(p: Party): Party {
  const address =
    p.address && [p.address.street, p.address.zip, p.address.town].some((x) => x.trim()) ? p.address : null;
  const phone = p.telephoneNumber?.number.trim() ? p.telephoneNumber : null;
  const bank = p.bankAccount && !isBlankBankAccount(p.bankAccount) ? p.bankAccount : null;
  return { ...p, address, telephoneNumber: phone, bankAccount: bank };
}

/** A parse's issues as invalid params (`addresses.0.zip`, the message key), in their order. */
export function invalidParamsOf(result: z.ZodSafeParseResult<unknown>): InvalidParam[] {
  return (result.error?.issues ?? []).map((i) => ({ name: i.path.join('.'), reason: i.message }));
}

/** The rules' failures of a customer as invalid params (the server's check of a save). */
export const customerErrors = (c: z.input<typeof Customer>, config: CustomerConfiguration) =>
  invalidParamsOf(customerSchema(config).safeParse(c));

/** The rules' failures of a supplier or sublessee as invalid params. */
export const partyErrors = (p: z.input<typeof Party>, config: PartyConfiguration) =>
  invalidParamsOf(partySchema(config).safeParse(p));

/**
 * `schema` over a value that already has its output's shape (a form's, prepared as it is sent):
 * typed so for `zodResolver`, with the schema's issues and result.
 */
function whole<T>(schema: z.ZodType<T>, prepare: (value: T) => T = (value) => value): z.ZodType<T, T> {
  return z.custom<T>().transform((value, ctx) => {
    const result = schema.safeParse(prepare(value));
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
}

function issuesOf(ctx: z.RefinementCtx): Fail {
  return (path, reason) =>
    ctx.addIssue({
      code: 'custom',
      path: path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      message: reason,
    });
}
