-- Whether a brand's contracts may be signed with BankID (the Swedish e-ID): only such brands
-- offer it, and only they need BANKID at all (docs/operations.md, "Production"). Brands of
-- Swedish partners did until now; the others never should have.
alter table brands add column signs_with_bankid boolean not null default false;
update brands b set signs_with_bankid = true
  from partners p where p.id = b.partner_id and p.country_iso = 'SE' and b.branding <> 'provider';
