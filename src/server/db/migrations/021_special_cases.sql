-- A partner's request for a special-case condition, answered by an underwriter in the back office.
create table special_case_requests (
  id uuid primary key default gen_random_uuid(),
  calculation_set_id uuid not null references calculation_sets (id) on delete cascade,
  calculation_variant_id uuid not null,
  partner_id text not null references partners (id),
  brand_id text not null references brands (id),
  requested_by uuid not null references users (id),
  text text not null,
  requested_at timestamptz not null default now(),
  status text not null default 'open' check (status in ('open', 'granted', 'refused')),
  answer text,
  answered_by uuid references users (id),
  answered_at timestamptz
);
create index special_case_requests_open_idx on special_case_requests (requested_at) where status = 'open';
create index special_case_requests_variant_idx on special_case_requests (calculation_variant_id, requested_at desc);
