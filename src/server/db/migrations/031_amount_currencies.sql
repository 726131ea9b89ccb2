-- Amounts carry their currency (docs/domain.md, "Amounts and currencies"). A brand's
-- instant-decision limit is its own setting in its currency, or none: then the default of its
-- currency applies (src/domain/calculation/thresholds.ts). The old default of 25000 was written to
-- every brand whatever its currency; it becomes none, which for euros and francs is the same.
alter table brands alter column instant_decision_limit drop not null;
alter table brands alter column instant_decision_limit drop default;
update brands set instant_decision_limit = null where instant_decision_limit = 25000;
-- A condition list's amounts are in its brand's currency, now said in the list itself.
update condition_lists cl
   set definition = cl.definition || jsonb_build_object('currencyCode', b.currency_code)
  from brands b
 where b.id = cl.brand_id and not (cl.definition ? 'currencyCode');
