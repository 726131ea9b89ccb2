-- A contract keeps its variant's rent-free start: its first instalment falls due that many months
-- after the start and it ends that many months later, and the redemption offer counts the
-- instalments paid and discounts the remaining ones from then on (docs/domain.md section 6). A
-- constant default is only a catalogue change; 040 fills the contracts made before, in a
-- transaction of its own, so that this one's table lock lasts no longer than the change.
alter table contracts add column rent_free_months integer not null default 0;
