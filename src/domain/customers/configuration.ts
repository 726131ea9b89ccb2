/**
 * Which customer, supplier and sublessee fields a country shows and requires (portal specification:
 * 'A country-based configuration for the applicant is loaded by countryIso'). The server serves
 * these from `GET applicant/configuration/{countryIso}` (and supplier/…, sublessee/…) and checks
 * saves against the same ones. Their shapes are the answers' schemas (src/domain/api/customers.ts).
 */
import type { CustomerConfiguration, CustomerField, FieldRule, PartyConfiguration } from '../api/customers';

export type { CustomerConfiguration, CustomerField, PartyConfiguration } from '../api/customers';

const base: Record<CustomerField, FieldRule> = {
  registrationNumber: 'mandatory',
  vatId: 'optional',
  taxId: 'optional',
  tradeRegisterId: 'optional',
  legalForm: 'mandatory',
  dateOfEstablishment: 'optional',
  email: 'optional',
  website: 'optional',
  telephone: 'optional',
  bankAccount: 'optional',
  region: 'hidden',
  persons: 'optional',
};

const CONFIGURATIONS: Record<string, CustomerConfiguration> = {
  SE: {
    countryIso: 'SE',
    fields: { ...base, taxId: 'hidden', tradeRegisterId: 'hidden' },
    legalForms: [
      { code: 'AB', label: 'Aktiebolag (AB)', needsDirector: true, accepted: true },
      { code: 'HB', label: 'Handelsbolag (HB)', needsDirector: false, accepted: true },
      { code: 'KB', label: 'Kommanditbolag (KB)', needsDirector: false, accepted: true },
      { code: 'EF', label: 'Enskild firma', needsDirector: false, accepted: true },
      { code: 'EK', label: 'Ekonomisk förening', needsDirector: true, accepted: false },
    ],
    bankAccountTypes: ['bankgironumber', 'iban'],
    registrationRule: 'taxOrVat',
    additionalSearchParameterType: 'town',
    postcodePattern: '^[0-9]{3} ?[0-9]{2}$',
  },
  DE: {
    countryIso: 'DE',
    fields: { ...base, registrationNumber: 'optional', tradeRegisterId: 'mandatory' },
    legalForms: [
      { code: 'GmbH', label: 'GmbH', needsDirector: true, accepted: true },
      { code: 'UG', label: 'UG (haftungsbeschränkt)', needsDirector: true, accepted: true },
      { code: 'AG', label: 'AG', needsDirector: true, accepted: true },
      { code: 'KG', label: 'KG', needsDirector: false, accepted: true },
      { code: 'OHG', label: 'OHG', needsDirector: false, accepted: true },
      { code: 'eK', label: 'Eingetragener Kaufmann (e.K.)', needsDirector: false, accepted: true },
      { code: 'GbR', label: 'GbR', needsDirector: false, accepted: false },
    ],
    bankAccountTypes: ['iban'],
    registrationRule: 'taxOrVat',
    additionalSearchParameterType: 'postalCode',
    postcodePattern: '^[0-9]{5}$',
  },
  CH: {
    countryIso: 'CH',
    // The UID (CHE-123.456.789) is the registration number; the register entry is optional.
    fields: { ...base, taxId: 'hidden' },
    legalForms: [
      { code: 'AG', label: 'AG / SA', needsDirector: true, accepted: true },
      { code: 'GmbH', label: 'GmbH / Sàrl', needsDirector: true, accepted: true },
      {
        code: 'KlG',
        label: 'Kollektivgesellschaft / Société en nom collectif',
        needsDirector: false,
        accepted: true,
      },
      {
        code: 'EU',
        label: 'Einzelunternehmen / Entreprise individuelle',
        needsDirector: false,
        accepted: true,
      },
      { code: 'Gen', label: 'Genossenschaft / Société coopérative', needsDirector: true, accepted: false },
    ],
    bankAccountTypes: ['iban'],
    registrationRule: 'taxOrVat',
    additionalSearchParameterType: 'postalCode',
    postcodePattern: '^[0-9]{4}$',
  },
  IT: {
    countryIso: 'IT',
    fields: { ...base, region: 'mandatory' },
    legalForms: [
      { code: 'SRL', label: 'S.r.l.', needsDirector: true, accepted: true },
      { code: 'SPA', label: 'S.p.A.', needsDirector: true, accepted: true },
      { code: 'SNC', label: 'S.n.c.', needsDirector: false, accepted: true },
    ],
    bankAccountTypes: ['iban'],
    registrationRule: 'codiceUnivocoOrPec',
    additionalSearchParameterType: 'region',
    postcodePattern: '^[0-9]{5}$',
  },
  US: {
    countryIso: 'US',
    fields: {
      ...base,
      registrationNumber: 'optional',
      taxId: 'mandatory',
      vatId: 'hidden',
      region: 'mandatory',
    },
    legalForms: [
      { code: 'LLC', label: 'LLC', needsDirector: true, accepted: true },
      { code: 'INC', label: 'Inc.', needsDirector: true, accepted: true },
    ],
    bankAccountTypes: ['account'],
    registrationRule: 'taxOrVat',
    additionalSearchParameterType: null,
    postcodePattern: '^[0-9]{5}(-[0-9]{4})?$',
  },
  CA: {
    countryIso: 'CA',
    // The Business Number (9 digits) is the tax id; the province is part of every address.
    fields: {
      ...base,
      registrationNumber: 'optional',
      taxId: 'mandatory',
      vatId: 'hidden',
      region: 'mandatory',
    },
    legalForms: [
      {
        code: 'CORP',
        label: 'Corporation (Inc., Ltd., Corp.) / Société par actions',
        needsDirector: true,
        accepted: true,
      },
      { code: 'LP', label: 'Partnership / Société en commandite', needsDirector: false, accepted: true },
      {
        code: 'SP',
        label: 'Sole proprietorship / Entreprise individuelle',
        needsDirector: false,
        accepted: true,
      },
    ],
    bankAccountTypes: ['transit'],
    registrationRule: 'taxOrVat',
    additionalSearchParameterType: null,
    postcodePattern: '^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$',
  },
};

export const CONFIGURED_COUNTRIES = Object.keys(CONFIGURATIONS);

export function customerConfiguration(countryIso: string): CustomerConfiguration | undefined {
  return CONFIGURATIONS[countryIso.toUpperCase()];
}

export function partyConfiguration(
  kind: 'supplier' | 'sublessee',
  countryIso: string,
): PartyConfiguration | undefined {
  const c = customerConfiguration(countryIso);
  if (!c) return undefined;
  return {
    countryIso: c.countryIso,
    fields: {
      registrationNumber: kind === 'sublessee' ? 'mandatory' : 'optional',
      vatId: 'optional',
      email: 'optional',
      telephone: 'optional',
      bankAccount: kind === 'supplier' ? 'optional' : 'hidden',
      address: 'mandatory',
    },
    bankAccountTypes: c.bankAccountTypes,
    postcodePattern: c.postcodePattern,
  };
}
