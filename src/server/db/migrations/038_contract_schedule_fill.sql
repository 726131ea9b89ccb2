-- The runs of the contracts made before 037, from their variant where it is known (plan variants
-- only; without a plan the runs stay empty). Row locks only, after 037's column exists.
update contracts c
   set schedule = r.row->'schedule'
  from calculation_variants v
 cross join lateral jsonb_array_elements(v.results) r(row)
 where v.id = c.calculation_variant_id
   and coalesce(v.payload->>'paymentPlan', 'none') <> 'none'
   and (r.row->>'periodInMonths')::int = c.period_in_months
   and jsonb_typeof(r.row->'schedule') = 'array'
   and jsonb_array_length(r.row->'schedule') > 0;
