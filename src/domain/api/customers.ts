import { z } from 'zod';
import { Customer } from '../customers/schemas';
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

/** The full applicant of a selected company (with the id of the credit-agency report it records). */
export const SelectedCustomerEntity = entity(Customer);

/** The IBAN check and the bank behind it. */
export const IbanCheckSchema = z.object({
  isValidIban: z.boolean(),
  /** Electronic form: no spaces or other characters, upper case. */
  ibanCode: z.string(),
  bicDetails: z.object({ institutionName: z.string().nullable() }),
  accountNumber: z.string(),
  bankCode: z.string(),
});
export const BankgiroCheckSchema = z.object({
  isValidBankgironumber: z.boolean(),
  bankgiroInstitution: z.string().nullable(),
});

export type AgencyHit = z.infer<typeof AgencyHitSchema>;
export type SelectedCustomerEntity = z.infer<typeof SelectedCustomerEntity>;
export type IbanCheck = z.infer<typeof IbanCheckSchema>;
export type BankgiroCheck = z.infer<typeof BankgiroCheckSchema>;
export type CustomerSearchEntity = z.infer<typeof CustomerSearchEntity>;
