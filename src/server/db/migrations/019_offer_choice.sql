-- The offer being made keeps its choice until it is sent: the periods and the language of the
-- last offer document generated for the variant (cleared once it went to the customer).
alter table calculation_variants add column offer_periods int[];
alter table calculation_variants add column offer_language text;
