-- The provider's servicing system may set a contract's state through its data load
-- (docs/domain.md, "Contracts"; docs/provider-data.md): active, expired, closed, defective,
-- rescinded or locked. Its word beats the calendar; cleared, the calendar decides again.
-- contractStateOf in src/domain/contracts.ts holds the same rules (a test compares the two).
-- The check is added unvalidated and then validated: the scan of the table then holds a lock that
-- lets reads and writes go on (the column is new, so every row passes).
alter table contracts add column provider_state text;
alter table contracts add constraint contracts_provider_state_check
  check (provider_state in ('active', 'expired', 'closed', 'defective', 'rescinded', 'locked')) not valid;
alter table contracts validate constraint contracts_provider_state_check;

create function contract_state_of(
  start_date date, end_date date, returned_at date, cancelled_at date, paid_at date,
  provider_state text, today date
) returns text language sql immutable as $$
  select coalesce(provider_state, contract_state_of(start_date, end_date, returned_at, cancelled_at, paid_at, today))
$$;

-- As 011's, with the provider's state: a contract it marks takes that state, dated or not, and
-- one it clears goes back to the calendar's (unknown without dates).
create or replace function contracts_derive() returns trigger language plpgsql as $$
begin
  -- (Statements end at the start of a line: the migration runner splits at line-end semicolons.)
  if new.brand_id is null or (tg_op = 'UPDATE' and new.user_profile_id is distinct from old.user_profile_id) then
    new.brand_id := (select up.brand_id from user_profiles up where up.id = new.user_profile_id)
  ; end if
  ; if (new.start_date is not null and new.end_date is not null) or new.provider_state is not null
       or (tg_op = 'UPDATE' and old.provider_state is not null) then
    new.state := contract_state_of(new.start_date, new.end_date, new.returned_at, new.cancelled_at,
                                   new.paid_at, new.provider_state, (now() at time zone 'UTC')::date)
  ; end if
  ; return new
  ; end
$$;
drop trigger contracts_derive_trg on contracts;
create trigger contracts_derive_trg
  before insert or update of user_profile_id, start_date, end_date, returned_at, cancelled_at, paid_at, provider_state
  on contracts for each row execute function contracts_derive();
