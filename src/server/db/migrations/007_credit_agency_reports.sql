-- Credit-agency reports (portal specification, “What the product does”: 'Track credit-agency reports for customers that need
-- them'). A report is recorded each time a user selects a company from the agency; its id goes
-- into the applicant (creditAgencyReportId) and the calculation set's creditAgencyReportIds.
create table credit_agency_reports (
  id text primary key check (id ~ '^CAR-[0-9A-F]{16}$'),
  partner_id text not null references partners(id),
  user_id uuid not null references users(id),
  -- The agency's key of the company (agencyId) and what it was called when the report was taken.
  agency_company_key text not null,
  company_name text not null,
  country_iso text not null check (country_iso ~ '^[A-Z]{2}$'),
  score_class int check (score_class between 1 and 6),
  created_at timestamptz not null default now()
);
create index credit_agency_reports_partner_idx on credit_agency_reports (partner_id, created_at desc);
create index credit_agency_reports_company_idx on credit_agency_reports (partner_id, agency_company_key);
