-- Partners, their brands, sign-in accounts, users and user profiles; the identity provider's
-- storage; server settings. Names follow the specification (administration specification, “Entities and their fields”).

create extension if not exists pg_trgm;

create table partners (
  id text primary key check (id ~ '^[0-9]{3}-[0-9]{5}$'),
  name text not null,
  country_iso text not null check (country_iso ~ '^[A-Z]{2}$'),
  company_locale text not null,
  available_languages text[] not null,
  default_language text not null,
  enabled_features text[] not null default '{}',
  is_logo_upload_permitted boolean not null default false,
  is_tnc_acceptance_necessary boolean not null default true,
  created_at timestamptz not null default now()
);

-- A partner's brand; a user's profile on it is what the client selects (userProfileId).
create table brands (
  id text primary key,
  partner_id text not null references partners(id),
  name text not null,
  branding text not null,
  status text not null default 'active' check (status in ('active', 'readOnly'))
);
create index brands_partner_idx on brands (partner_id);

-- The sign-in identity: one e-mail and password, possibly acting as several users.
create table accounts (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text,
  disabled_at timestamptz,
  last_sign_in_at timestamptz,
  previous_sign_in_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index accounts_email_idx on accounts (lower(email));

create table users (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts(id),
  partner_id text not null references partners(id),
  branch_name text not null default '',
  title text not null default '',
  first_name text not null,
  last_name text not null,
  phone_country_code text,
  phone_number text,
  status text not null default 'active' check (status in ('active', 'readOnly')),
  is_admin boolean not null default false,
  has_global_access boolean not null default false,
  is_excel_download_permitted boolean not null default false,
  can_move_calculations boolean not null default false,
  is_api_user boolean not null default false,
  is_underwriter boolean not null default false,
  is_activated boolean not null default true,
  terms_and_conditions_accepted_at timestamptz,
  terms_of_use_accepted_at timestamptz,
  deleted_at timestamptz,
  -- clock_timestamp: users made in one transaction still get an order (the first is the default user).
  created_at timestamptz not null default clock_timestamp(),
  last_change timestamptz not null default now()
);
create unique index users_account_partner_idx on users (account_id, partner_id) where deleted_at is null;
create index users_partner_idx on users (partner_id);

create table user_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  brand_id text not null references brands(id),
  status text not null default 'active' check (status in ('active', 'readOnly')),
  is_default boolean not null default false,
  deleted_at timestamptz
);
create unique index user_profiles_user_brand_idx on user_profiles (user_id, brand_id) where deleted_at is null;
create unique index user_profiles_one_default_idx on user_profiles (user_id) where is_default and deleted_at is null;

-- Storage of the embedded OpenID provider (sessions, grants, codes, tokens): kept in the
-- database so that a second server copy sees the same sessions.
create table oidc_payloads (
  type text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (type, id)
);
create index oidc_payloads_grant_idx on oidc_payloads (grant_id);
create index oidc_payloads_uid_idx on oidc_payloads (uid);
create index oidc_payloads_expires_idx on oidc_payloads (expires_at);

-- Server-generated secrets (signing keys, cookie keys), made once at first start.
create table settings (
  key text primary key,
  value jsonb not null
);

-- Rendering failures the client reports (POST logging/ui), kept with their correlation id.
create table ui_errors (
  id bigint generated always as identity primary key,
  correlation_id text not null,
  account_id uuid,
  message text not null,
  user_agent text,
  created_at timestamptz not null default now()
);
create index ui_errors_correlation_idx on ui_errors (correlation_id);
