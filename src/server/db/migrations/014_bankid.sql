-- BankID signing (docs/domain.md section 4): one process per start (the
-- customer's signees, then the delivery confirmation), one BankID order per signature, signed
-- one after another. The qrStartSecret stays here: the server makes the animated QR code.
create table bankid_processes (
  id uuid primary key default gen_random_uuid(),
  calculation_set_id uuid not null references calculation_sets(id) on delete cascade,
  calculation_variant_id uuid not null references calculation_variants(id) on delete cascade,
  -- [{ firstName, lastName, email, personalNumber? }], in signing order
  signees jsonb not null,
  with_delivery_confirmation boolean not null,
  status text not null default 'running' check (status in ('running', 'completed', 'cancelled', 'failed')),
  -- Why it ended when no order says so (the next order could not be started)
  end_hint text,
  -- Who is starting the next order now (a BankID call outside any transaction): one at a time.
  next_claim uuid,
  next_claimed_at timestamptz,
  created_by uuid references users(id),
  created_at timestamptz not null default now()
);
create index bankid_processes_variant_idx on bankid_processes (calculation_variant_id, created_at desc);

create table bankid_orders (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  process_id uuid not null references bankid_processes(id) on delete cascade,
  -- 1 .. the number of customer signees, then one more for the delivery confirmation
  position int not null,
  calculation_set_id uuid not null references calculation_sets(id) on delete cascade,
  calculation_variant_id uuid not null references calculation_variants(id) on delete cascade,
  -- { firstName, lastName, email, personalNumber? }
  signee jsonb not null,
  role text not null check (role in ('customer', 'delivery')),
  order_ref text not null unique,
  qr_start_token text not null,
  qr_start_secret text not null,
  auto_start_token text not null,
  started_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'complete', 'failed')),
  hint_code text,
  -- BankID's completion data (user, device, signature, OCSP response): the evidence of the signature
  completion_data jsonb,
  completed_at timestamptz
);
create index bankid_orders_process_idx on bankid_orders (process_id, seq desc);
