-- Calculation sets and their variants (docs/domain.md section 4). A variant's
-- inputs are one jsonb document of the shape of CalculationVariant in
-- src/domain/calculation/variant.ts; its state, figures and version are columns. The set keeps
-- the state of its leading variant (the last one saved or moved on) and the brand, so that the
-- lists and the quick search read one row per set through an index.

alter table calculation_sets
  add column brand_id text references brands(id),
  add column leading_variant_id uuid,
  add column currency_code text not null default 'EUR',
  add column source text not null default 'portal' check (source in ('portal', 'leasingApi')),
  add column sublessee_name text not null default '',
  add column applicant jsonb,
  add column supplier jsonb,
  add column sublessee jsonb,
  add column credit_agency_report_ids jsonb not null default '[]',
  add column last_saved_by uuid references users(id);

update calculation_sets s set brand_id = up.brand_id from user_profiles up where up.id = s.user_profile_id;
alter table calculation_sets alter column brand_id set not null;

create table calculation_variants (
  id uuid primary key default gen_random_uuid(),
  calculation_set_id uuid not null references calculation_sets(id) on delete cascade,
  position int not null,
  state text not null default 'inWork',
  payload jsonb not null,
  results jsonb not null default '[]',
  -- Raised by every write; the ETag is derived from it (docs/api.md).
  version int not null default 1,
  created_at timestamptz not null default now(),
  last_edited_at timestamptz not null default now(),
  last_saved_by uuid references users(id)
);
create unique index calculation_variants_set_idx on calculation_variants (calculation_set_id, position);

-- The lists: a brand's sets (global access) or a profile's own, by state, newest first or by name.
drop index calculation_sets_partner_idx;
drop index calculation_sets_profile_idx;
create index calculation_sets_brand_edited_idx on calculation_sets (brand_id, last_edited_at desc, id);
create index calculation_sets_brand_state_idx on calculation_sets (brand_id, state, last_edited_at desc, id);
-- Counting a filtered list reads this narrow index alone.
create index calculation_sets_brand_state_count_idx on calculation_sets (brand_id, state);
create index calculation_sets_brand_name_idx on calculation_sets (brand_id, lower(applicant_name), id);
create index calculation_sets_profile_edited_idx on calculation_sets (user_profile_id, last_edited_at desc, id);
create index calculation_sets_profile_state_idx on calculation_sets (user_profile_id, state, last_edited_at desc, id);
-- Quick search: parts of a customer or sublessee name.
create index calculation_sets_applicant_trgm_idx on calculation_sets using gin (lower(applicant_name) gin_trgm_ops);
create index calculation_sets_sublessee_trgm_idx on calculation_sets using gin (lower(sublessee_name) gin_trgm_ops);
