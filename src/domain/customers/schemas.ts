import { z } from 'zod';

/**
 * The parties of a calculation set (portal specification, “Entities and their fields”: Customer, Supplier and sublessee). The
 * shapes are what the API takes and answers; the rules that depend on the country live in
 * configuration.ts and validation.ts, so the form and the server apply the same ones.
 */
const text = (max: number) => z.string().trim().max(max, 'tooLong');
const optionalText = (max: number) => text(max).optional();

export const CUSTOMER_NAME_MAX = 50;
/** A company name as a calculation may keep it (the agency's may be longer: it is shortened first). */
export const CompanyName = z.object({
  name: z.string().trim().min(1, 'companyNameMissing').max(CUSTOMER_NAME_MAX, 'companyNameTooLong'),
});
export const ADDRESS_TYPES = ['main', 'private', 'billing', 'delivery'] as const;
export const PHONE_TYPES = ['landline', 'mobile', 'fax'] as const;

export const Address = z.object({
  id: z.string().max(50).optional(),
  addressType: z.enum(ADDRESS_TYPES),
  street: text(100).default(''),
  addition: text(100).default(''),
  zip: text(10).default(''),
  town: text(60).default(''),
  region: text(60).default(''),
  country: z.string().trim().length(2).toUpperCase(),
});
export type Address = z.infer<typeof Address>;

export const Telephone = z.object({
  type: z.enum(PHONE_TYPES),
  /** International form, starting with + and the country code. */
  number: text(30),
});
export type Telephone = z.infer<typeof Telephone>;

export const Person = z.object({
  title: text(30).default(''),
  firstName: text(50).default(''),
  lastName: text(50).default(''),
  /** ISO date. */
  dateOfBirth: z.string().max(10).nullable().default(null),
  position: z.enum(['director', 'none']).default('none'),
  /** The address the person is reached at: the company's main one or their private one. */
  selectedAddress: z.enum(['main', 'private']).default('main'),
  privateAddress: Address.nullable().default(null),
  telephoneNumber: Telephone.nullable().default(null),
});
export type Person = z.infer<typeof Person>;

/** How an account is given: IBAN, bank giro (Sweden), account and routing number (United States), transit (Canada). */
export const BANK_ACCOUNT_TYPES = ['iban', 'account', 'bankgironumber', 'transit'] as const;

export const BankAccount = z.object({
  type: z.enum(BANK_ACCOUNT_TYPES),
  iban: text(42).default(''),
  holder: text(70).default(''),
  bankName: text(70).default(''),
  accountNumber: text(34).default(''),
  routingNumber: text(20).default(''),
  bankgiroNumber: text(12).default(''),
  /**
   * Canada: the branch's transit number (5 digits) and the bank's institution ("FI") number (3).
   * Optional, not defaulted: accounts saved before Canada have neither, and answers are checked
   * against this schema as they are.
   */
  transitNumber: text(5).optional(),
  institutionNumber: text(3).optional(),
});
export type BankAccount = z.infer<typeof BankAccount>;

export const Customer = z.object({
  name: text(200),
  registrationNumber: optionalText(50),
  region: optionalText(60),
  vatId: optionalText(30),
  taxId: optionalText(30),
  tradeRegisterId: optionalText(50),
  agencyId: optionalText(50),
  agencyCustomerId: optionalText(50),
  externalReferenceNumber: optionalText(50),
  legalForm: optionalText(30),
  legalFormCountryISO: z.string().length(2).optional(),
  /** ISO date. */
  dateOfEstablishment: z.string().max(10).nullable().optional(),
  searchResultOrigin: z.enum(['agency', 'manual']).optional(),
  isReportRequired: z.boolean().optional(),
  creditAgencyReportId: optionalText(60),
  scoreClass: z.number().int().min(1).max(6).optional(),
  website: optionalText(200),
  email: optionalText(254),
  codiceUnivoco: optionalText(7),
  pec: optionalText(254),
  externalIds: z
    .array(z.object({ type: text(30), externalId: text(60) }))
    .max(10)
    .default([]),
  telephoneNumbers: z.array(Telephone).max(3).default([]),
  bankAccount: BankAccount.nullable().default(null),
  addresses: z.array(Address).max(4).default([]),
  persons: z.array(Person).max(10).default([]),
  /** The country the customer's configuration belongs to. */
  countryIso: z.string().length(2).optional(),
});
export type Customer = z.infer<typeof Customer>;
export type CustomerInput = z.input<typeof Customer>;

/** Supplier and sublessee: a company with one address, one phone and a bank account. */
export const Party = z.object({
  name: text(200),
  registrationNumber: optionalText(50),
  vatId: optionalText(30),
  email: optionalText(254),
  telephoneNumber: Telephone.nullable().default(null),
  bankAccount: BankAccount.nullable().default(null),
  address: Address.nullable().default(null),
  countryIso: z.string().length(2).optional(),
});
export type Party = z.infer<typeof Party>;

/** A credit-agency report the partner recorded for a company (when, by which agency, its score class). */
export interface CreditReport {
  id: string;
  createdAt: string;
  agency: string;
  scoreClass: number;
}
