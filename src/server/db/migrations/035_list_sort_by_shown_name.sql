-- The list's order "by customer" follows the name a row shows: the customer's, or the
-- calculation's own name where no customer is entered yet (migration 034). The name indexes of
-- migrations 006 and 026 are made again on that expression, which list-repo.ts writes the same.
drop index calculation_sets_brand_name_idx;
drop index calculation_sets_brand_state_name_idx;
drop index calculation_sets_profile_state_name_idx;
create index calculation_sets_brand_name_idx on calculation_sets (brand_id, lower(coalesce(nullif(applicant_name, ''), name)), id);
create index calculation_sets_brand_state_name_idx on calculation_sets (brand_id, state, lower(coalesce(nullif(applicant_name, ''), name)), id);
create index calculation_sets_profile_state_name_idx on calculation_sets (user_profile_id, state, lower(coalesce(nullif(applicant_name, ''), name)), id);
