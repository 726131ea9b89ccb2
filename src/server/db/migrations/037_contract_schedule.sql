-- A contract keeps its payment plan's runs of instalments, as its variant's chosen period had
-- them, so that its list, page and export say what the customer pays (the first amount, then
-- what follows) rather than the level amount, which a plan never charges. A column with a
-- constant default is only a catalogue change; the contracts made before are filled by 038, in
-- a transaction of its own, so that this one's table lock lasts no longer than the change.
alter table contracts add column schedule jsonb not null default '[]';
