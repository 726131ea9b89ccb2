-- Amounts carry their currency (docs/domain.md, "Amounts and currencies"). A brand's
-- instant-decision limit is its own setting in its currency, or none: then the default of its
-- currency applies (src/domain/calculation/thresholds.ts). The old default of 25000 was written to
-- every brand whatever its currency. For euros and francs it becomes none, which is the same; a
-- brand in another currency keeps it as its own limit (it decided at once up to 25,000 of its
-- money before), so that no brand decides more at once than it did.
alter table brands alter column instant_decision_limit drop not null;
alter table brands alter column instant_decision_limit drop default;
update brands set instant_decision_limit = null
 where instant_decision_limit = 25000 and currency_code in ('EUR', 'CHF');
-- A condition list's amounts are in its brand's currency, now said in the list itself.
update condition_lists cl
   set definition = cl.definition || jsonb_build_object('currencyCode', b.currency_code)
  from brands b
 where b.id = cl.brand_id and not (cl.definition ? 'currencyCode');
