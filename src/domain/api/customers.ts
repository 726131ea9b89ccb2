import { z } from 'zod';
import { BANK_ACCOUNT_TYPES, Customer } from '../customers/schemas';
import { CUSTOMER_SEARCH_MAX } from '../customers/search';
import type { Binding } from './binding';
import { ProfileQuery } from './common';
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

/**
 * Which fields a country shows and requires of an applicant, supplier or sublessee (the rules
 * themselves are src/domain/customers/configuration.ts).
 */
export const FieldRuleSchema = z.enum(['hidden', 'optional', 'mandatory']);
export const CUSTOMER_FIELDS = [
  'registrationNumber',
  'vatId',
  'taxId',
  'tradeRegisterId',
  'legalForm',
  'dateOfEstablishment',
  'email',
  'website',
  'telephone',
  'bankAccount',
  'region',
  'persons',
] as const;
export const LegalFormSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** A managing director with date of birth must be named (docs/domain.md section 5). */
  needsDirector: z.boolean(),
  /** The provider accepts this legal form. */
  accepted: z.boolean(),
});
/** How a bank account is given here (BANK_ACCOUNT_TYPES). */
const BankAccountTypes = z.array(z.enum(BANK_ACCOUNT_TYPES));

export const CustomerConfigurationSchema = z.object({
  countryIso: z.string(),
  fields: z.record(z.enum(CUSTOMER_FIELDS), FieldRuleSchema),
  legalForms: z.array(LegalFormSchema),
  bankAccountTypes: BankAccountTypes,
  /** Registration: a tax or VAT id, or (Italy) a Codice Univoco or PEC address. */
  registrationRule: z.enum(['taxOrVat', 'codiceUnivocoOrPec', 'none']),
  /** The additional customer-search parameter of the country (sent with a name search). */
  additionalSearchParameterType: z.enum(['town', 'postalCode', 'region']).nullable(),
  /** Postcode format; the server also checks it against the town where it knows the postcodes. */
  postcodePattern: z.string(),
});

/** Supplier and sublessee need less: name, address; phone, e-mail and bank account optional. */
export const PartyConfigurationSchema = z.object({
  countryIso: z.string(),
  fields: z.record(
    z.enum(['registrationNumber', 'vatId', 'email', 'telephone', 'bankAccount', 'address']),
    FieldRuleSchema,
  ),
  bankAccountTypes: BankAccountTypes,
  postcodePattern: z.string(),
});

export type AgencyHit = z.infer<typeof AgencyHitSchema>;
export type SelectedCustomerEntity = z.infer<typeof SelectedCustomerEntity>;
export type IbanCheck = z.infer<typeof IbanCheckSchema>;
export type BankgiroCheck = z.infer<typeof BankgiroCheckSchema>;
export type CustomerSearchEntity = z.infer<typeof CustomerSearchEntity>;
export type FieldRule = z.infer<typeof FieldRuleSchema>;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type CustomerConfiguration = z.infer<typeof CustomerConfigurationSchema>;
export type PartyConfiguration = z.infer<typeof PartyConfigurationSchema>;

const text = (max: number) => z.string().trim().max(max).optional();
const CountryIso = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'invalidCountry')
  .transform((s) => s.toUpperCase());

/** The customer endpoints' schemas (contract.ts). */
export const customerEndpoints = {
  customers: {
    query: ProfileQuery.extend({
      name: text(CUSTOMER_SEARCH_MAX.name),
      searchId: text(CUSTOMER_SEARCH_MAX.searchId),
      town: text(CUSTOMER_SEARCH_MAX.town),
      postalCode: text(CUSTOMER_SEARCH_MAX.postalCode),
      region: text(CUSTOMER_SEARCH_MAX.region),
      additionalSearchParameterType: z.enum(['town', 'postalCode', 'region']).optional(),
      countryIso: CountryIso.optional(),
    }),
    answer: CustomerSearchEntity,
  },
  selectCustomer: {
    query: ProfileQuery.extend({
      vatId: text(30),
      taxId: text(30),
      tradeRegisterId: text(50),
      agencyId: text(50),
      agencyCustomerId: text(50),
      town: text(60),
      postalCode: text(10),
      countryIso: CountryIso.optional(),
    }),
    answer: SelectedCustomerEntity,
  },
  applicantConfiguration: {
    params: z.object({ countryIso: CountryIso }),
    answer: CustomerConfigurationSchema,
  },
  supplierConfiguration: { params: z.object({ countryIso: CountryIso }), answer: PartyConfigurationSchema },
  sublesseeConfiguration: { params: z.object({ countryIso: CountryIso }), answer: PartyConfigurationSchema },
  validateIban: { params: z.object({ iban: z.string().max(64) }), answer: IbanCheckSchema },
  validateBankgiro: { params: z.object({ number: z.string().max(20) }), answer: BankgiroCheckSchema },
} satisfies Record<string, Binding>;
