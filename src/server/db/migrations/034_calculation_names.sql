-- A calculation's name is its leading variant's ("Variant name" in the editor), kept on the set
-- beside the customer's, so that the lists and the quick search find a calculation by either
-- through one table's trigram indexes. The triggers keep it: a set that changes its leading
-- variant takes that variant's name; a leading variant's saved name goes to its set.
update calculation_sets s set name = coalesce(v.payload->>'name', '')
  from calculation_variants v where v.id = s.leading_variant_id;

create function calculation_sets_name() returns trigger language plpgsql as $$
begin
  new.name := coalesce((select v.payload->>'name' from calculation_variants v where v.id = new.leading_variant_id), '')
  ; return new
  ; end
$$;
create trigger calculation_sets_name_trg
  before update of leading_variant_id on calculation_sets
  for each row execute function calculation_sets_name();
-- A new set has no variant yet, except a copy made in SQL (bulk fills): only then is there a name to take.
create trigger calculation_sets_name_insert_trg
  before insert on calculation_sets
  for each row when (new.leading_variant_id is not null) execute function calculation_sets_name();

create function calculation_variants_name() returns trigger language plpgsql as $$
begin
  update calculation_sets set name = coalesce(new.payload->>'name', '')
   where id = new.calculation_set_id and leading_variant_id = new.id
     and name is distinct from coalesce(new.payload->>'name', '')
  ; return null
  ; end
$$;
create trigger calculation_variants_name_trg
  after update of payload on calculation_variants
  for each row execute function calculation_variants_name();

create index calculation_sets_name_trgm_idx on calculation_sets using gin (lower(name) gin_trgm_ops);
