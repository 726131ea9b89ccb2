import { customerConfiguration, type CustomerField } from '../../../domain/customers/configuration';
import { Customer, type Address, type BankAccount, type Person } from '../../../domain/customers/schemas';
import type { CustomerSearchEntity } from '../../../domain/api/customers';
import type {
  AgencyAddress,
  AgencyCompany,
  AgencyPerson,
  AgencySearchResult,
} from '../../integrations/credit-agency/port';

/**
 * What leaves the server of the credit agency's companies: a summary per search result (with the
 * link that selects it) and, on selection, the full applicant in the shape of `Customer`, holding
 * only the fields the country's configuration shows.
 */
export function companySummary(c: AgencyCompany) {
  return {
    name: c.name,
    registrationNumber: c.registrationNumber,
    vatId: c.vatId,
    taxId: c.taxId,
    tradeRegisterId: c.tradeRegisterId,
    legalForm: c.legalForm,
    agencyId: c.agencyId,
    agencyCustomerId: c.agencyCustomerId,
    street: c.mainAddress.street,
    postalCode: c.mainAddress.zip,
    town: c.mainAddress.town,
    region: c.mainAddress.region,
    countryIso: c.countryIso,
  };
}

export function selectHref(c: AgencyCompany): string {
  const query = new URLSearchParams({
    agencyId: c.agencyId,
    agencyCustomerId: c.agencyCustomerId,
    countryIso: c.countryIso,
  });
  return `/api/customers/select?${query.toString()}`;
}

export function searchEntity(result: AgencySearchResult): CustomerSearchEntity {
  return {
    class: ['customers'],
    properties: { count: result.count, limitExceeded: result.limitExceeded },
    entities: result.entities.map((c) => ({
      class: ['customer'],
      rel: ['item'],
      properties: companySummary(c),
      links: [{ rel: ['select'], href: selectHref(c) }],
    })),
  };
}

function address(a: AgencyAddress, addressType: Address['addressType'], withRegion: boolean): Address {
  return {
    addressType,
    street: a.street,
    addition: '',
    zip: a.zip,
    town: a.town,
    region: withRegion ? a.region : '',
    country: a.countryIso,
  };
}

function person(p: AgencyPerson, withRegion: boolean): Person {
  const director = p.role === 'director';
  return {
    title: p.title ?? '',
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth ?? null,
    position: director ? 'director' : 'none',
    selectedAddress: director && p.privateAddress ? 'private' : 'main',
    privateAddress: p.privateAddress ? address(p.privateAddress, 'private', withRegion) : null,
    telephoneNumber: p.mobile ? { type: 'mobile', number: p.mobile } : null,
  };
}

function bankAccount(c: AgencyCompany): BankAccount | null {
  const b = c.bankAccount;
  if (!b) return null;
  const empty = {
    iban: '',
    accountNumber: '',
    routingNumber: '',
    bankgiroNumber: '',
    transitNumber: '',
    institutionNumber: '',
  };
  return b.kind === 'iban'
    ? { ...empty, type: 'iban', iban: b.iban, holder: b.holder, bankName: b.bankName }
    : {
        ...empty,
        type: 'bankgironumber',
        bankgiroNumber: b.bankgiroNumber,
        holder: b.holder,
        bankName: b.bankName,
      };
}

export function customerOf(c: AgencyCompany, creditAgencyReportId: string): Customer {
  const fields = customerConfiguration(c.countryIso)?.fields;
  const shown = (f: CustomerField) => fields?.[f] !== 'hidden';
  const optional = (f: CustomerField, value: string | undefined) => (shown(f) ? value : undefined);
  const withRegion = shown('region');
  return Customer.parse({
    name: c.name,
    registrationNumber: optional('registrationNumber', c.registrationNumber),
    region: withRegion ? c.mainAddress.region : undefined,
    vatId: optional('vatId', c.vatId),
    taxId: optional('taxId', c.taxId),
    tradeRegisterId: optional('tradeRegisterId', c.tradeRegisterId),
    agencyId: c.agencyId,
    agencyCustomerId: c.agencyCustomerId,
    legalForm: c.legalForm,
    legalFormCountryISO: c.countryIso,
    dateOfEstablishment: optional('dateOfEstablishment', c.dateOfEstablishment),
    searchResultOrigin: 'agency',
    creditAgencyReportId,
    scoreClass: c.scoreClass,
    website: optional('website', c.website),
    email: optional('email', c.email),
    codiceUnivoco: c.codiceUnivoco,
    pec: c.pec,
    telephoneNumbers: c.phone && shown('telephone') ? [{ type: 'landline', number: c.phone }] : [],
    bankAccount: shown('bankAccount') ? bankAccount(c) : null,
    addresses: [address(c.mainAddress, 'main', withRegion)],
    persons: shown('persons') ? c.persons.map((p) => person(p, withRegion)) : [],
    countryIso: c.countryIso,
  });
}
