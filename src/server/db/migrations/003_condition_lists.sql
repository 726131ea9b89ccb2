-- Condition lists, object types and manufacturers per brand (docs/domain.md section 2). A condition
-- list's pricing (rate bands, surcharges, periods) is one jsonb document of the shape of
-- ConditionList in src/domain/calculation/schemas.ts; the columns are what queries filter on.

create table manufacturers (
  id text primary key,
  name text not null
);

create table object_types (
  id text primary key,
  label text not null,
  soft_period_limit int not null,
  hard_period_limit int not null check (hard_period_limit >= soft_period_limit),
  counted_service_possible boolean not null default false,
  default_manufacturer_id text references manufacturers(id)
);

create table object_type_manufacturers (
  object_type_id text not null references object_types(id),
  manufacturer_id text not null references manufacturers(id),
  primary key (object_type_id, manufacturer_id)
);

-- Which object types a brand finances.
create table brand_object_types (
  brand_id text not null references brands(id),
  object_type_id text not null references object_types(id),
  primary key (brand_id, object_type_id)
);

create table condition_lists (
  id text primary key,
  brand_id text not null references brands(id),
  product_id text not null,
  contract_type_code text not null check (contract_type_code in ('VA', 'TA', 'MK')),
  definition jsonb not null,
  valid_from date not null default current_date,
  valid_to date
);
create index condition_lists_brand_idx on condition_lists (brand_id, product_id);
