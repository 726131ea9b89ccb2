-- The rent-free start of the contracts made before 039, from their variant where it is known, and
-- their end moved on by it as contracts are now made (contractEndOf in src/domain/contracts.ts);
-- the trigger of 011 gives each the state of its new end. Row locks only.
update contracts c
   set rent_free_months = (v.payload->>'rentFreeMonths')::int,
       end_date = (c.start_date
                   + make_interval(months => c.period_in_months + (v.payload->>'rentFreeMonths')::int)
                   - interval '1 day')::date
  from calculation_variants v
 where v.id = c.calculation_variant_id
   and coalesce((v.payload->>'rentFreeMonths')::int, 0) > 0
   and c.rent_free_months = 0
   and c.start_date is not null
   and c.period_in_months is not null;
