-- The customer's offer page (docs/domain.md, "The customer's offer page"): a link bound to one
-- variant and the figures it offered. Only the token's hash is kept; the offer as the customer
-- sees it is kept with the link (what was sent stays what the page shows).
create table offer_links (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  calculation_set_id uuid not null references calculation_sets (id) on delete cascade,
  calculation_variant_id uuid not null references calculation_variants (id) on delete cascade,
  partner_id text not null,
  brand_id text not null,
  -- The calculation's owner when it was sent: their start screen shows the answer.
  user_profile_id uuid not null,
  email text not null,
  locale text not null,
  periods integer[] not null,
  figures text not null,
  offer jsonb not null,
  document_id uuid,
  state text not null default 'sent'
    check (state in ('sent', 'opened', 'accepted', 'declined', 'withdrawn')),
  accepted_period integer,
  decline_reason text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  answered_at timestamptz,
  withdrawn_at timestamptz
);
create index offer_links_variant_idx on offer_links (calculation_variant_id, created_at desc);
-- The start screen's newest links of a brand (or of one profile in it).
create index offer_links_brand_idx on offer_links (brand_id, created_at desc);

-- Every open and answer, with its time and address, for the partner's records.
create table offer_link_events (
  id bigserial primary key,
  offer_link_id uuid not null references offer_links (id) on delete cascade,
  kind text not null check (kind in ('opened', 'accepted', 'declined', 'withdrawn')),
  at timestamptz not null default now(),
  address text not null default ''
);
create index offer_link_events_link_idx on offer_link_events (offer_link_id, at);
