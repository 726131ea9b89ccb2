-- The dashboard's figures (migration 027) kept once per statement instead of once per row. A
-- statement that writes many sets (a profile's sets moved to another, a bulk fill) added to the
-- same few figure rows once per set, all in one transaction: every such update leaves a row
-- version that the next one walks past, so the cost grew with the square of the sets (8,000
-- sets moved: 12 s; 12,000 passed the statement timeout). The statement's rows are now summed
-- first, through its transition tables, and each figure row is written once.

-- A set's part in the figures, counted in (+1) or out (-1); the two are separate, since a state
-- can change without the month, or the month without the state.
create type calculation_figure_change as (
  brand_id text,
  user_profile_id uuid,
  state text,
  created_at timestamptz,
  currency_code text,
  state_delta int,
  sets_delta int,
  nav numeric
);

-- Adds changes to the three tables, summed per figure row and written in the tables' key order
-- (two statements writing the same rows take their locks in one order).
create function calculation_figures_apply(changes calculation_figure_change[]) returns void
  language sql as $$
  insert into calculation_state_counts as c (brand_id, user_profile_id, state, n)
  select brand_id, user_profile_id, state, sum(state_delta)
    from unnest(changes) where state_delta <> 0
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (brand_id, user_profile_id, state) do update set n = c.n + excluded.n
  ; insert into calculation_volume as c (brand_id, user_profile_id, month, currency_code, sets, nav)
  select brand_id, user_profile_id, calculation_volume_month(created_at), currency_code,
         sum(sets_delta), coalesce(sum(nav), 0)
    from unnest(changes) where sets_delta <> 0
   group by 1, 2, 3, 4 order by 1, 3, 2, 4
  on conflict (brand_id, month, user_profile_id, currency_code)
  do update set sets = c.sets + excluded.sets, nav = c.nav + excluded.nav
  ; insert into calculation_volume_turns as c (brand_id, user_profile_id, minute, currency_code, sets, nav)
  select brand_id, user_profile_id, date_trunc('minute', created_at at time zone 'UTC') at time zone 'UTC',
         currency_code, sum(sets_delta), coalesce(sum(nav), 0)
    from unnest(changes) where sets_delta <> 0 and calculation_volume_near_turn(created_at)
   group by 1, 2, 3, 4 order by 1, 3, 2, 4
  on conflict (brand_id, minute, user_profile_id, currency_code)
  do update set sets = c.sets + excluded.sets, nav = c.nav + excluded.nav
$$;

create function calculation_sets_figures_inserted() returns trigger language plpgsql as $$
begin
  perform calculation_figures_apply(array(
    select row(n.brand_id, n.user_profile_id, n.state, n.created_at, n.currency_code, 1, 1,
               calculation_leading_nav(n.leading_variant_id))::calculation_figure_change
      from new_rows n))
  ; return null
  ; end
$$;

-- Each changed set counts out of its old figures and into its new ones, as far as what the
-- figures key on changed: state for the counts; brand, profile, creation, currency or leading
-- variant for the volume. (A trigger with transition tables cannot name columns, so this runs
-- after every update of sets; a statement that changes none of these adds nothing.) The join is
-- planned at each run (execute): a plan kept from the first, one-row statement joined the two
-- transition tables by a loop, 2,000 sets in 3 s.
create function calculation_sets_figures_updated() returns trigger language plpgsql as $$
begin
  execute $q$ select calculation_figures_apply(array(
    with pairs as (
      select o, n,
             (o.brand_id, o.user_profile_id, o.state) is distinct from (n.brand_id, n.user_profile_id, n.state)
               as state_moved,
             (o.brand_id, o.user_profile_id, o.created_at, o.currency_code, o.leading_variant_id)
               is distinct from (n.brand_id, n.user_profile_id, n.created_at, n.currency_code, n.leading_variant_id)
               as volume_moved
        from old_rows o join new_rows n on n.id = o.id)
    select row((o).brand_id, (o).user_profile_id, (o).state, (o).created_at, (o).currency_code,
               -state_moved::int, -volume_moved::int,
               case when volume_moved then -calculation_leading_nav((o).leading_variant_id) end
           )::calculation_figure_change
      from pairs where state_moved or volume_moved
    union all
    select row((n).brand_id, (n).user_profile_id, (n).state, (n).created_at, (n).currency_code,
               state_moved::int, volume_moved::int,
               case when volume_moved then calculation_leading_nav((n).leading_variant_id) end
           )::calculation_figure_change
      from pairs where state_moved or volume_moved)) $q$
  ; return null
  ; end
$$;

-- A removed set still counts out before the delete, row by row (afterwards the cascade has taken
-- its variants' NAV); the portal does not delete sets, so no statement removes many.
create function calculation_sets_figures_deleted() returns trigger language plpgsql as $$
begin
  perform calculation_figures_apply(array[
    row(old.brand_id, old.user_profile_id, old.state, old.created_at, old.currency_code, -1, -1,
        -calculation_leading_nav(old.leading_variant_id))::calculation_figure_change])
  ; return old
  ; end
$$;

drop trigger calculation_sets_figures_trg on calculation_sets;
drop trigger calculation_sets_figures_delete_trg on calculation_sets;
drop function calculation_sets_figures();
create trigger calculation_sets_figures_insert_trg
  after insert on calculation_sets referencing new table as new_rows
  for each statement execute function calculation_sets_figures_inserted();
create trigger calculation_sets_figures_update_trg
  after update on calculation_sets referencing old table as old_rows new table as new_rows
  for each statement execute function calculation_sets_figures_updated();
create trigger calculation_sets_figures_delete_trg
  before delete on calculation_sets for each row execute function calculation_sets_figures_deleted();
