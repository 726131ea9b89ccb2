import type { Queryable } from '../../db/db';

/** Credit-agency reports: one row each time a user selects a company from the agency. */
export interface NewReport {
  id: string;
  partnerId: string;
  userId: string;
  agencyCompanyKey: string;
  companyName: string;
  countryIso: string;
  scoreClass: number;
  agency: string;
}

export async function insertReport(q: Queryable, r: NewReport): Promise<void> {
  await q.query(
    `insert into credit_agency_reports (id, partner_id, user_id, agency_company_key, company_name, country_iso, score_class, agency)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.id, r.partnerId, r.userId, r.agencyCompanyKey, r.companyName, r.countryIso, r.scoreClass, r.agency],
  );
}
