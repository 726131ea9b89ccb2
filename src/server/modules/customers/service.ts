import { randomBytes } from 'node:crypto';
import type { CustomerSearchEntity, SelectedCustomerEntity } from '../../../domain/api/customers';
import type { Db } from '../../db/db';
import type { AgencySearch, AgencySelectKey, CreditAgency } from '../../integrations/credit-agency/port';
import type { Caller } from '../../plugins/auth';
import { PROBLEM } from '../../../domain/problems';
import { CreditAgencyUnavailable } from '../../integrations/credit-agency/http';
import { HttpProblem, notFound, validation } from '../../problems';
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
  return searchEntity(await asked(() => agency.search({ ...query, countryIso })));
}

/** The agency's call; when it does not answer, 503 (its tries are made already, docs/credit-agency.md). */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof CreditAgencyUnavailable)) throw e;
    // The agency's reason goes to the log (as the error's cause), not to the caller.
    throw Object.assign(
      new HttpProblem(
        503,
        PROBLEM.serviceUnavailable,
        'Service Unavailable',
        'The credit agency does not answer at the moment. Please try again shortly.',
      ),
      { cause: e },
    );
  }
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
  const company = await asked(() => agency.select(key));
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
