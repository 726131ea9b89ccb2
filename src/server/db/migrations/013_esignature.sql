-- E-signature (docs/domain.md section 4): the portal's record of a running
-- envelope, and the built-in simulator's envelopes (what the e-signature service would hold).
create table esignature_processes (
  id uuid primary key default gen_random_uuid(),
  calculation_set_id uuid not null references calculation_sets(id) on delete cascade,
  calculation_variant_id uuid not null references calculation_variants(id) on delete cascade,
  envelope_id text not null unique,
  status text not null default 'running' check (status in ('running', 'completed', 'cancelled', 'declined')),
  -- [{ recipientId, role: customer|partner|delivery, name, email, routingOrder, accessCode?, status }]
  recipients jsonb not null,
  created_by uuid references users(id),
  created_at timestamptz not null default now()
);
create index esignature_processes_variant_idx on esignature_processes (calculation_variant_id, created_at desc);

create table esign_sim_envelopes (
  id text primary key,
  account_id text not null,
  subject text not null,
  document bytea not null,
  status text not null,
  -- [{ recipientId, name, email, routingOrder, roleName, accessCode, token, status, signedAt }]
  recipients jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The partner's own signee (portal specification, “Entities and their fields”: stored on the user).
alter table users add column signee_partner jsonb;
