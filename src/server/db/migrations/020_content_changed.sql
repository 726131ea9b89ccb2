-- When the content of a variant (inputs, objects, customer) last changed: a contract printed
-- before it no longer describes the deal and is refused at the contract start.
alter table calculation_variants add column content_changed_at timestamptz;
