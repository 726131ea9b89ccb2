import { randomBytes } from 'node:crypto';
import type { CustomerSearchEntity, SelectedCustomerEntity } from '../../../domain/api/customers';
import type { Db } from '../../db/db';
import type { AgencySearch, AgencySelectKey, CreditAgency } from '../../integrations/credit-agency/port';
import type { Caller } from '../../plugins/auth';
import { notFound, validation } from '../../problems';
import { requireProfile, requireWritable } from '../session/policy';
import { findPartner } from '../session';
import { customerOf, searchEntity, selectHref } from './presenter';
import { insertReport } from './repo';

/**
 * Customer search and selection from the credit agency (portal specification, “Entities and their fields” and “The calls it makes”). The search
 * runs in the caller's partner country unless another is named; selecting a company records a
 * credit-agency report, whose id travels with the applicant.
 */
export async function searchCustomers(
  db: Db,
  agency: CreditAgency,
  caller: Caller,
  query: Omit<AgencySearch, 'countryIso'> & { countryIso?: string },
): Promise<CustomerSearchEntity> {
  requireProfile(caller);
  if (!query.name && !query.searchId)
    throw validation(
      [{ name: 'name', reason: 'nameOrSearchIdRequired' }],
      'A name or a search id is required.',
    );
  const countryIso = query.countryIso ?? (await findPartner(db, caller.user.partnerId)).countryIso;
  return searchEntity(await agency.search({ ...query, countryIso }));
}

export const newReportId = () => `CAR-${randomBytes(8).toString('hex').toUpperCase()}`;

export async function selectCustomer(
  db: Db,
  agency: CreditAgency,
  caller: Caller,
  key: AgencySelectKey,
): Promise<SelectedCustomerEntity> {
  // A report is a write (and costs the provider money): not from a read-only brand.
  requireWritable(caller);
  if (!key.agencyId && !key.agencyCustomerId && !key.vatId && !key.taxId && !key.tradeRegisterId)
    throw validation([{ name: 'agencyId', reason: 'companyKeyRequired' }], 'Name the company to select.');
  // The agency is asked outside any transaction: a network call must not hold one open.
  const company = await agency.select(key);
  if (!company) throw notFound('The credit agency knows no such company.');
  const id = newReportId();
  await insertReport(db, {
    id,
    partnerId: caller.user.partnerId,
    userId: caller.user.id,
    agencyCompanyKey: company.agencyId,
    companyName: company.name,
    countryIso: company.countryIso,
    scoreClass: company.scoreClass,
    agency: agency.name,
  });
  return {
    class: ['customer', 'applicant'],
    properties: customerOf(company, id),
    links: [{ rel: ['self'], href: selectHref(company) }],
  };
}
