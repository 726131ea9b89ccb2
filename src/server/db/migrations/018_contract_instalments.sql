-- A contract's instalment is the total the customer pays per billing period (as the calculation,
-- the offer and the contract PDF quote it); the net financing instalment per billing period is
-- kept beside it for the redemption offer. Contracts made before kept the net one alone.
alter table contracts add column net_instalment numeric(14, 2) not null default 0;
update contracts set net_instalment = instalment;
