-- Offers and requests to the provider (docs/domain.md sections 4 and 5): the
-- notes of a variant, the provider's requests with their decisions, the job queue that decides
-- them asynchronously, and mail attachments (the offer PDF goes to the customer).

alter table brands add column instant_decision_limit numeric(14, 2) not null default 25000;

alter table calculation_variants
  add column quote_note text not null default '',
  add column non_binding_quote_note text not null default '',
  add column special_case_requested_at timestamptz;

create table credit_requests (
  id uuid primary key default gen_random_uuid(),
  calculation_set_id uuid not null references calculation_sets(id) on delete cascade,
  calculation_variant_id uuid not null references calculation_variants(id) on delete cascade,
  partner_id text not null references partners(id),
  brand_id text not null references brands(id),
  requested_by uuid references users(id),
  requested_at timestamptz not null default now(),
  nav numeric(14, 2) not null,
  period_in_months int not null,
  quote_note text not null default '',
  -- open: waits for the decision job or an underwriter; decided; cancelled (re-sent, edited, cancelled).
  status text not null default 'open' check (status in ('open', 'decided', 'cancelled')),
  decision text check (decision in ('approve', 'approveWithGuarantee', 'needInformation', 'decline')),
  -- What the provider needs (MissingInfo keys of src/domain/calculation/credit-decision.ts) and its words.
  missing_info jsonb not null default '[]',
  info_text text,
  decline_reason text,
  -- 'instant' for the automatic decision, otherwise the underwriter's user id.
  decided_by text,
  decided_at timestamptz,
  guarantee_received_at timestamptz
);
create index credit_requests_open_idx on credit_requests (requested_at) where status = 'open';
create index credit_requests_variant_idx on credit_requests (calculation_variant_id, requested_at desc);

-- A small PostgreSQL job queue: workers claim due jobs with `for update skip locked`, and a job's
-- effect and its completion commit together.
create table jobs (
  id bigserial primary key,
  kind text not null,
  payload jsonb not null,
  run_at timestamptz not null default now(),
  attempts int not null default 0,
  locked_until timestamptz,
  done_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index jobs_due_idx on jobs (run_at) where done_at is null;

-- Documents sent with a mail: [{ "documentId": uuid, "fileName": text }].
alter table mails add column attachments jsonb not null default '[]';
