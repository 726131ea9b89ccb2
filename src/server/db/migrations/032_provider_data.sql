-- The provider loads its own reference data (docs/provider-data.md). A condition list keeps every
-- version it had: a row per version, its id the list's key for the first one and key~N after, so
-- a saved calculation keeps pointing at the version it was calculated with. Only the newest
-- version of a list still in the brand's price list is offered (retired_at is null).
alter table condition_lists add column list_key text;
alter table condition_lists add column version int not null default 1;
alter table condition_lists add column retired_at timestamptz;
alter table condition_lists add column loaded_at timestamptz not null default now();
update condition_lists set list_key = id where list_key is null;
alter table condition_lists alter column list_key set not null;
create unique index condition_lists_key_version_idx on condition_lists (brand_id, list_key, version);
create unique index condition_lists_current_idx on condition_lists (brand_id, list_key) where retired_at is null;

-- An object type's names in the portal's languages, as the provider gives them.
alter table object_types add column names jsonb not null default '{}'::jsonb;

-- The NAV up to which an underwriter approves, per currency ({"EUR": 100000}); a currency
-- without a limit: no approvals in it. Null: not limited (the demo's and earlier underwriters).
alter table users add column approval_limits jsonb;

-- List ids are the provider's keys, so two brands may both have a "VA-36": an id is unique per brand.
alter table condition_lists drop constraint condition_lists_pkey;
alter table condition_lists add primary key (brand_id, id);
