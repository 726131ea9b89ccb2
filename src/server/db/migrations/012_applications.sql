-- The contract start of a signed calculation (docs/domain.md section 4): the
-- partner sends it with the signed documents ('applicationReceived'); the provider checks it
-- ('contracted', or 'missingApplicationInfo' naming what is missing) in its back office.
create table applications (
  id uuid primary key default gen_random_uuid(),
  calculation_set_id uuid not null references calculation_sets(id) on delete cascade,
  calculation_variant_id uuid not null references calculation_variants(id) on delete cascade,
  partner_id text not null references partners(id),
  signing_method text not null check (signing_method in ('papercontract', 'docusign', 'bankid')),
  sent_by uuid references users(id),
  sent_at timestamptz not null default now(),
  status text not null default 'open' check (status in ('open', 'complete', 'missing', 'cancelled')),
  missing_documents jsonb not null default '[]',
  info_text text,
  checked_by uuid references users(id),
  checked_at timestamptz,
  reference_code text
);
create index applications_open_idx on applications (sent_at) where status = 'open';
create index applications_variant_idx on applications (calculation_variant_id, sent_at desc);

-- Reference codes of new contracts: the partner's first three digits, then this number.
create sequence contract_reference_seq start 2000001;
