-- The dashboard's figures (docs/operations.md, "Scale"), kept by the writes instead of counted
-- at read: a brand of 500,000 sets read 500,000 index entries for its counts and the jsonb of
-- 375,000 leading variants for its volume. The tables are per brand and profile (a profile's
-- own figures; a brand's are the sum over its profiles), kept by the triggers below.

-- Sets per state.
create table calculation_state_counts (
  brand_id text not null,
  user_profile_id uuid not null,
  state text not null,
  n int not null,
  primary key (brand_id, user_profile_id, state)
);

-- Sets and the sum of their leading variant's NAV per UTC month of creation and currency, and
-- the same again per UTC minute for the sets made within 14 hours of a month's turn. The
-- caller's offset is whole minutes of at most 14 hours (parseOffset in
-- src/server/modules/dashboard/service.ts): a month in the caller's clock is the UTC month, less
-- the minutes after its turn that still belong to the month before, plus those before its turn
-- that already belong to it. A brand reads a row per profile and month, and the minutes
-- between each turn and its offset.
create table calculation_volume (
  brand_id text not null,
  user_profile_id uuid not null,
  month timestamptz not null,
  currency_code text not null,
  sets int not null,
  nav numeric not null,
  primary key (brand_id, month, user_profile_id, currency_code)
) with (fillfactor = 80);
create index calculation_volume_profile_idx on calculation_volume (user_profile_id, month);
create table calculation_volume_turns (
  brand_id text not null,
  user_profile_id uuid not null,
  minute timestamptz not null,
  currency_code text not null,
  sets int not null,
  nav numeric not null,
  primary key (brand_id, minute, user_profile_id, currency_code)
) with (fillfactor = 80);
create index calculation_volume_turns_profile_idx on calculation_volume_turns (user_profile_id, minute);

create function calculation_volume_month(created_at timestamptz) returns timestamptz
  language sql immutable as $$
  select date_trunc('month', created_at at time zone 'UTC') at time zone 'UTC'
$$;

-- Whether a set made then is within 14 hours of a UTC month's turn.
create function calculation_volume_near_turn(created_at timestamptz) returns boolean
  language sql immutable as $$
  select date_trunc('month', (created_at at time zone 'UTC') - interval '14 hours')
         <> date_trunc('month', (created_at at time zone 'UTC') + interval '14 hours')
$$;

-- A variant's NAV: the typed NAV of a NAV-based variant, else the NAV of its selected result.
create function calculation_nav(payload jsonb, results jsonb) returns numeric
  language sql immutable as $$
  select case
    when (payload->>'navBasedCalculation')::boolean then (payload->>'inputValue')::numeric
    else (select (r->>'netAcquisitionValueAmount')::numeric from jsonb_array_elements(results) r
           where (r->>'isSelected')::boolean limit 1)
  end
$$;

-- (Statements in function bodies end at the start of a line: the migration runner splits at
-- line-end semicolons.)
create function calculation_state_count_add(brand_id text, user_profile_id uuid, state text, d int) returns void
  language sql as $$
  insert into calculation_state_counts as c (brand_id, user_profile_id, state, n)
  values (brand_id, user_profile_id, state, d)
  on conflict (brand_id, user_profile_id, state) do update set n = c.n + excluded.n
$$;

create function calculation_volume_add(
  brand_id text, user_profile_id uuid, created_at timestamptz, currency_code text, sets int, nav numeric
) returns void language sql as $$
  insert into calculation_volume as c (brand_id, user_profile_id, month, currency_code, sets, nav)
  values (brand_id, user_profile_id, calculation_volume_month(created_at), currency_code, sets, coalesce(nav, 0))
  on conflict (brand_id, month, user_profile_id, currency_code)
  do update set sets = c.sets + excluded.sets, nav = c.nav + excluded.nav
  ; insert into calculation_volume_turns as c (brand_id, user_profile_id, minute, currency_code, sets, nav)
  select brand_id, user_profile_id, date_trunc('minute', created_at at time zone 'UTC') at time zone 'UTC',
         currency_code, sets, coalesce(nav, 0)
   where calculation_volume_near_turn(created_at)
  on conflict (brand_id, minute, user_profile_id, currency_code)
  do update set sets = c.sets + excluded.sets, nav = c.nav + excluded.nav
$$;

-- The NAV of a set's leading variant (null: none, or it is gone).
create function calculation_leading_nav(variant_id uuid) returns numeric language sql stable as $$
  select calculation_nav(v.payload, v.results) from calculation_variants v where v.id = variant_id
$$;

-- A set counts in its state and, with its leading variant's NAV, in its month (and minute). Removal runs
-- before the delete: after it, the cascade has taken the variants and their NAV.
create function calculation_sets_figures() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.brand_id, old.user_profile_id, old.state)
                            is distinct from (new.brand_id, new.user_profile_id, new.state)) then
    perform calculation_state_count_add(old.brand_id, old.user_profile_id, old.state, -1)
  ; end if
  ; if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.brand_id, old.user_profile_id, old.created_at,
                                                   old.currency_code, old.leading_variant_id)
                            is distinct from (new.brand_id, new.user_profile_id, new.created_at,
                                              new.currency_code, new.leading_variant_id)) then
    perform calculation_volume_add(old.brand_id, old.user_profile_id, old.created_at, old.currency_code, -1,
                                   -calculation_leading_nav(old.leading_variant_id))
  ; end if
  ; if tg_op = 'DELETE' then
    return old
  ; end if
  ; if tg_op = 'INSERT' or (old.brand_id, old.user_profile_id, old.state)
                           is distinct from (new.brand_id, new.user_profile_id, new.state) then
    perform calculation_state_count_add(new.brand_id, new.user_profile_id, new.state, 1)
  ; end if
  ; if tg_op = 'INSERT' or (old.brand_id, old.user_profile_id, old.created_at, old.currency_code,
                            old.leading_variant_id)
                           is distinct from (new.brand_id, new.user_profile_id, new.created_at,
                                             new.currency_code, new.leading_variant_id) then
    perform calculation_volume_add(new.brand_id, new.user_profile_id, new.created_at, new.currency_code, 1,
                                   calculation_leading_nav(new.leading_variant_id))
  ; end if
  ; return null
  ; end
$$;
create trigger calculation_sets_figures_trg
  after insert or update of brand_id, user_profile_id, state, created_at, currency_code, leading_variant_id
  on calculation_sets for each row execute function calculation_sets_figures();
create trigger calculation_sets_figures_delete_trg
  before delete on calculation_sets for each row execute function calculation_sets_figures();

-- A leading variant's NAV moves its set's month (and minute). The set's row is read with a share lock, so
-- that a concurrent move of the set (another profile) and this change see each other.
create function calculation_variants_figures() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.calculation_set_id = new.calculation_set_id
     and calculation_nav(old.payload, old.results) is not distinct from calculation_nav(new.payload, new.results) then
    return null
  ; end if
  ; if tg_op in ('UPDATE', 'DELETE') then
    perform calculation_volume_add(s.brand_id, s.user_profile_id, s.created_at, s.currency_code, 0,
                                   -calculation_nav(old.payload, old.results))
       from calculation_sets s where s.id = old.calculation_set_id and s.leading_variant_id = old.id for share
  ; end if
  ; if tg_op in ('UPDATE', 'INSERT') then
    perform calculation_volume_add(s.brand_id, s.user_profile_id, s.created_at, s.currency_code, 0,
                                   calculation_nav(new.payload, new.results))
       from calculation_sets s where s.id = new.calculation_set_id and s.leading_variant_id = new.id for share
  ; end if
  ; return null
  ; end
$$;
create trigger calculation_variants_figures_trg
  after insert or delete or update of payload, results, calculation_set_id
  on calculation_variants for each row execute function calculation_variants_figures();

-- Counts the tables again from the sets (the migration below; bench/scale-fill.ts after a fill
-- that wrote its rows with the triggers off), in the order a brand reads them. The NAV is read
-- once per variant before the join.
create function calculation_figures_rebuild() returns void language sql set work_mem = '512MB' as $$
  delete from calculation_state_counts
  ; delete from calculation_volume
  ; delete from calculation_volume_turns
  ; insert into calculation_state_counts (brand_id, user_profile_id, state, n)
  select brand_id, user_profile_id, state, count(*) from calculation_sets group by 1, 2, 3 order by 1, 2, 3
  ; with navs as (
    select s.brand_id, s.user_profile_id, s.currency_code, calculation_volume_month(s.created_at) as month,
           case when calculation_volume_near_turn(s.created_at)
             then date_trunc('minute', s.created_at at time zone 'UTC') at time zone 'UTC' end as minute,
           v.nav
      from calculation_sets s
      left join (select id, calculation_nav(payload, results) as nav from calculation_variants offset 0) v
        on v.id = s.leading_variant_id),
  totals as (
    select brand_id, user_profile_id, currency_code, month, minute, count(*) as sets, coalesce(sum(nav), 0) as nav,
           grouping(minute) as per_month
      from navs
     group by grouping sets ((brand_id, user_profile_id, currency_code, month),
                             (brand_id, user_profile_id, currency_code, minute))),
  months as (
    insert into calculation_volume (brand_id, user_profile_id, month, currency_code, sets, nav)
    select brand_id, user_profile_id, month, currency_code, sets, nav from totals where per_month = 1
     order by 1, 3, 2, 4)
  insert into calculation_volume_turns (brand_id, user_profile_id, minute, currency_code, sets, nav)
  select brand_id, user_profile_id, minute, currency_code, sets, nav from totals
   where per_month = 0 and minute is not null order by 1, 3, 2, 4
$$;

select calculation_figures_rebuild();
analyze calculation_state_counts;
analyze calculation_volume;
analyze calculation_volume_turns;
