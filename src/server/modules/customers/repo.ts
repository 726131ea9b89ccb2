import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { creditAgencyReports } from '../../db/schema';

/** Credit-agency reports: one row each time a user selects a company from the agency. */
export type NewReport = Required<
  Pick<
    typeof creditAgencyReports.$inferInsert,
    | 'id'
    | 'partnerId'
    | 'userId'
    | 'agencyCompanyKey'
    | 'companyName'
    | 'countryIso'
    | 'scoreClass'
    | 'agency'
  >
>;

export async function insertReport(q: Queryable, r: NewReport): Promise<void> {
  await orm(q).insert(creditAgencyReports).values(r);
}
