-- The calculation list filtered by state and sorted by customer name, at scale (bench/scale.ts):
-- one arm per state reads these in order, as the contract list's (brand or profile, state, name)
-- indexes of migration 011.
create index calculation_sets_brand_state_name_idx on calculation_sets (brand_id, state, lower(applicant_name), id);
create index calculation_sets_profile_state_name_idx on calculation_sets (user_profile_id, state, lower(applicant_name), id);
