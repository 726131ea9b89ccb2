-- Contracts (docs/domain.md sections 4 and 6): the contract's terms for
-- the detail and the redemption offer, the brand for the list's scope, the calendar facts its
-- state follows, and the indexes of the contract list and the quick search.

alter table contracts
  add column brand_id text references brands(id),
  -- The calculation the contract came from, when the portal made it.
  add column calculation_set_id uuid references calculation_sets(id) on delete set null,
  add column calculation_variant_id uuid references calculation_variants(id) on delete set null,
  -- Where the redemption offer goes.
  add column customer_email text,
  add column sub_lessee_name text not null default '',
  add column currency_code text not null default 'EUR',
  add column nav numeric(14, 2) not null default 0,
  -- The net instalment per month (instalments are quoted per month, docs/domain.md section 3).
  add column instalment numeric(14, 2) not null default 0,
  add column period_in_months int check (period_in_months > 0),
  add column annual_rate_percent numeric(7, 4) not null default 0,
  add column residual_value numeric(14, 2) not null default 0,
  add column payment_frequency text not null default 'monthly'
    check (payment_frequency in ('monthly', 'quarterly', 'daily')),
  -- Calendar facts the state follows (contract_state_of below).
  add column returned_at date,
  add column cancelled_at date,
  add column paid_at date,
  add column last_redemption_offer_at timestamptz;

update contracts k set brand_id = up.brand_id from user_profiles up where up.id = k.user_profile_id;
alter table contracts alter column brand_id set not null;
update contracts
   set period_in_months = greatest(1, ((extract(year from age(end_date + 1, start_date)) * 12
                                        + extract(month from age(end_date + 1, start_date))))::int)
 where start_date is not null and end_date is not null and end_date >= start_date;

-- The state of a contract by the calendar: the same rules as contractStateOf in
-- src/domain/contracts.ts (a test compares the two). Null dates are 'unknown'.
create function contract_state_of(
  start_date date, end_date date, returned_at date, cancelled_at date, paid_at date, today date
) returns text language sql immutable as $$
  select case
    when start_date is null or end_date is null then 'unknown'
    when paid_at <= today then 'paid'
    when returned_at <= today then 'paid'
    when cancelled_at <= today then 'cancelled'
    when today < start_date then 'applicationSettled'
    when today > end_date then 'prolongedContract'
    when today > (end_date - interval '3 months')::date then 'expiringSoon'
    else 'runningContract'
  end
$$;

-- Whoever writes a contract (the demo, signing, moving a profile's work), its brand follows its
-- owner's profile and a dated contract's state follows the calendar. An hourly job moves the
-- states on as the days pass (src/server/modules/contracts/state-refresher.ts).
create function contracts_derive() returns trigger language plpgsql as $$
begin
  -- (Statements end at the start of a line: the migration runner splits at line-end semicolons.)
  if new.brand_id is null or (tg_op = 'UPDATE' and new.user_profile_id is distinct from old.user_profile_id) then
    new.brand_id := (select up.brand_id from user_profiles up where up.id = new.user_profile_id)
  ; end if
  ; if new.start_date is not null and new.end_date is not null then
    new.state := contract_state_of(new.start_date, new.end_date, new.returned_at, new.cancelled_at,
                                   new.paid_at, (now() at time zone 'UTC')::date)
  ; end if
  ; return new
  ; end
$$;
create trigger contracts_derive_trg
  before insert or update of user_profile_id, start_date, end_date, returned_at, cancelled_at, paid_at
  on contracts for each row execute function contracts_derive();

update contracts
   set state = contract_state_of(start_date, end_date, returned_at, cancelled_at, paid_at,
                                 (now() at time zone 'UTC')::date)
 where start_date is not null and end_date is not null;

-- The list: a brand's contracts (global access) or a profile's own, by state, newest start first,
-- by customer or by reference code; counts read the narrow (brand, state) index alone.
drop index contracts_partner_idx;
drop index contracts_profile_idx;
create index contracts_brand_start_idx on contracts (brand_id, start_date desc nulls last, id desc);
create index contracts_brand_state_idx on contracts (brand_id, state, start_date desc nulls last, id desc);
create index contracts_brand_state_count_idx on contracts (brand_id, state);
create index contracts_brand_name_idx on contracts (brand_id, lower(customer_name), id);
create index contracts_brand_reference_idx on contracts (brand_id, reference_code);
create index contracts_brand_state_name_idx on contracts (brand_id, state, lower(customer_name), id);
-- A profile's own contracts; the brand rides along so that the brand's check reads the index alone.
create index contracts_profile_start_idx on contracts (user_profile_id, start_date desc nulls last, id desc)
  include (brand_id);
create index contracts_profile_state_idx on contracts (user_profile_id, state, start_date desc nulls last, id desc)
  include (brand_id);
create index contracts_profile_state_name_idx on contracts (user_profile_id, state, lower(customer_name), id)
  include (brand_id);
-- Quick search and the list's search: parts of the customer or sublessee name or the reference code.
create index contracts_customer_trgm_idx on contracts using gin (lower(customer_name) gin_trgm_ops);
create index contracts_sublessee_trgm_idx on contracts using gin (lower(sub_lessee_name) gin_trgm_ops);
create index contracts_reference_trgm_idx on contracts using gin (reference_code gin_trgm_ops);
create index contracts_set_idx on contracts (calculation_set_id) where calculation_set_id is not null;

-- A generated document may belong to a contract (the redemption offer PDF): of the contract's
-- calculation set when it has one, else of the contract alone, so that a mail can attach it.
alter table documents
  alter column calculation_set_id drop not null,
  add column contract_id uuid references contracts(id) on delete cascade,
  add constraint documents_owner_check check (calculation_set_id is not null or contract_id is not null);
create index documents_contract_idx on documents (contract_id, created_at) where contract_id is not null;
