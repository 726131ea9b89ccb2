-- The calculation list at scale (bench/scale.ts: 500,000 sets in a brand). Its order by date
-- is `last_edited_at, id` in one direction; the indexes of migration 006 keep id ascending under
-- last_edited_at descending, so every read of them had to sort again. Made again with both
-- descending, they serve either direction as stored.
drop index calculation_sets_brand_edited_idx;
drop index calculation_sets_brand_state_idx;
drop index calculation_sets_profile_edited_idx;
drop index calculation_sets_profile_state_idx;
create index calculation_sets_brand_edited_idx on calculation_sets (brand_id, last_edited_at desc, id desc);
create index calculation_sets_brand_state_idx on calculation_sets (brand_id, state, last_edited_at desc, id desc);
create index calculation_sets_profile_edited_idx on calculation_sets (user_profile_id, last_edited_at desc, id desc);
create index calculation_sets_profile_state_idx on calculation_sets (user_profile_id, state, last_edited_at desc, id desc);
-- Filtered by state and sorted by customer name: one arm per state reads these in order, as the
-- contract list's (brand or profile, state, name) indexes of migration 011.
create index calculation_sets_brand_state_name_idx on calculation_sets (brand_id, state, lower(applicant_name), id);
create index calculation_sets_profile_state_name_idx on calculation_sets (user_profile_id, state, lower(applicant_name), id);
