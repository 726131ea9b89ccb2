-- Which agency made a credit report: the customer tile lists the reports with it.
alter table credit_agency_reports add column agency text not null default 'Credit agency';
