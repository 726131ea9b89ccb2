-- A contract keeps its payment plan's runs of instalments, as its variant's chosen period had
-- them, so that its list, page and export say what the customer pays (the first amount, then
-- what follows) rather than the level amount, which a plan never charges. Contracts made before
-- take them from their variant where it is known; without a plan the runs stay empty.
alter table contracts add column schedule jsonb not null default '[]';
update contracts c
   set schedule = r.row->'schedule'
  from calculation_variants v
 cross join lateral jsonb_array_elements(v.results) r(row)
 where v.id = c.calculation_variant_id
   and (r.row->>'periodInMonths')::int = c.period_in_months
   and jsonb_typeof(r.row->'schedule') = 'array'
   and jsonb_array_length(r.row->'schedule') > 0;
