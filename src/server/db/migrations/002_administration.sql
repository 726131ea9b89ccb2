-- Administration (administration specification): password set/reset links, outgoing mail, the company logo, and the
-- ownership of calculation sets and contracts that user deletion and moving depend on.

-- One-time links to set a password (invitation of a new user, reset by an admin). Only a hash
-- of the token is kept.
create table password_tokens (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts(id),
  token_hash text not null unique,
  purpose text not null check (purpose in ('invitation', 'reset')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_tokens_account_idx on password_tokens (account_id);

-- Outgoing mail, written in the same transaction as what caused it; a dispatcher sends it
-- (SMTP_URL) or it stays readable in the demo mailbox.
create table mails (
  id uuid primary key default gen_random_uuid(),
  recipient text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  locale text not null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  last_error text,
  created_at timestamptz not null default clock_timestamp(),
  sent_at timestamptz
);
create index mails_queued_idx on mails (created_at) where status = 'queued';
create index mails_recipient_idx on mails (lower(recipient), created_at desc);

create table partner_logos (
  partner_id text primary key references partners(id),
  name text not null,
  content bytea not null,
  size int not null,
  updated_at timestamptz not null default now()
);

-- Calculation sets and contracts belong to a user profile (the owner). The calculations and
-- contracts issues add their content; ownership is what administration needs.
create table calculation_sets (
  id uuid primary key default gen_random_uuid(),
  partner_id text not null references partners(id),
  user_profile_id uuid not null references user_profiles(id),
  name text not null default '',
  applicant_name text not null default '',
  state text not null default 'inWork',
  created_at timestamptz not null default now(),
  last_edited_at timestamptz not null default now()
);
create index calculation_sets_profile_idx on calculation_sets (user_profile_id);
create index calculation_sets_partner_idx on calculation_sets (partner_id, last_edited_at desc);

create table contracts (
  id uuid primary key default gen_random_uuid(),
  reference_code text not null unique check (reference_code ~ '^[0-9]{3}-[0-9]{7}$'),
  partner_id text not null references partners(id),
  user_profile_id uuid not null references user_profiles(id),
  customer_name text not null,
  state text not null default 'runningContract',
  start_date date,
  end_date date,
  created_at timestamptz not null default now()
);
create index contracts_profile_idx on contracts (user_profile_id);
create index contracts_partner_idx on contracts (partner_id, start_date desc);
