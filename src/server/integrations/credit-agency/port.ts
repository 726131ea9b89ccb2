/**
 * The credit agency as the server sees it: a company search and the selection of one company
 * with everything the agency knows about it (portal specification, “Entities and their fields” and “The calls it makes”: 'Customer search',
 * 'Select customer from agency'). The built-in simulator implements it; an adapter for a real
 * agency (one per country, often) implements the same interface and maps the agency's answer
 * into these shapes, so nothing behind the port changes when one is added.
 */
export type AdditionalSearchParameterType = 'town' | 'postalCode' | 'region';

/** More matches than this and the search answers only the first ones, flagged (portal specification, “Business constants and limits”). */
export const AGENCY_SEARCH_LIMIT = 25;

export interface AgencySearch {
  /** The country whose companies are searched. */
  countryIso: string;
  /** Part of the company name; or searchId. */
  name?: string;
  /** An id of the company: registration number, VAT id, tax id, trade register id or the agency's ids. */
  searchId?: string;
  town?: string;
  postalCode?: string;
  region?: string;
  /** Which of town, postalCode and region the country searches names by (sent with a name search). */
  additionalSearchParameterType?: AdditionalSearchParameterType;
}

/** What the client sends back of a search result to select it; town and postcode narrow it down. */
export interface AgencySelectKey {
  /** Without it, every country the agency covers. */
  countryIso?: string;
  agencyId?: string;
  agencyCustomerId?: string;
  vatId?: string;
  taxId?: string;
  tradeRegisterId?: string;
  town?: string;
  postalCode?: string;
}

export interface AgencyAddress {
  street: string;
  zip: string;
  town: string;
  region: string;
  countryIso: string;
}

export interface AgencyPerson {
  title?: string;
  firstName: string;
  lastName: string;
  /** ISO date; agencies do not always know it. */
  dateOfBirth?: string;
  /** A managing director (or board member), or another person the company names as contact. */
  role: 'director' | 'contact';
  privateAddress?: AgencyAddress;
  /** International form. */
  mobile?: string;
}

export type AgencyBankAccount =
  | { kind: 'iban'; iban: string; bankName: string; holder: string }
  | { kind: 'bankgiro'; bankgiroNumber: string; bankName: string; holder: string };

export interface AgencyCompany {
  /** The agency's key of the company. */
  agencyId: string;
  /** The agency's customer number of the company (some agencies have both). */
  agencyCustomerId: string;
  countryIso: string;
  name: string;
  /** A code of the country's legal forms in src/domain/customers/configuration.ts. */
  legalForm: string;
  registrationNumber?: string;
  vatId?: string;
  taxId?: string;
  tradeRegisterId?: string;
  /** ISO date. */
  dateOfEstablishment?: string;
  /** 1 best … 6 worst (docs/domain.md section 5). */
  scoreClass: 1 | 2 | 3 | 4 | 5 | 6;
  website?: string;
  email?: string;
  /** Italy: the e-invoicing recipient code, or a certified e-mail address (PEC). */
  codiceUnivoco?: string;
  pec?: string;
  /** International form. */
  phone?: string;
  mainAddress: AgencyAddress;
  persons: AgencyPerson[];
  bankAccount?: AgencyBankAccount;
}

export interface AgencySearchResult {
  /** The first AGENCY_SEARCH_LIMIT matches, by name. */
  entities: AgencyCompany[];
  /** All matches. */
  count: number;
  limitExceeded: boolean;
}

export interface CreditAgency {
  /** The agency's name, recorded with every report. */
  name: string;
  search(q: AgencySearch): Promise<AgencySearchResult>;
  select(key: AgencySelectKey): Promise<AgencyCompany | undefined>;
}
