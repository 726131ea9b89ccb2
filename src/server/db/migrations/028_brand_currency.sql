-- A brand's currency: its sets are made in it and its start screen sums it (docs/domain.md,
-- "Languages and locales"). Every brand so far calculated in euros.
alter table brands add column currency_code text not null default 'EUR';
