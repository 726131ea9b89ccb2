-- The BankID simulator's orders (integrations/bankid/simulator.ts), in the database so that every
-- server copy knows every order: the portal may collect through one copy while the signer's app
-- page is served by another. Ended orders are deleted 5 minutes after they ended.
create table bankid_sim_orders (
  order_ref text primary key,
  auto_start_token text not null unique,
  qr_start_token text not null unique,
  qr_start_secret text not null,
  -- The app page's handle of the order (its forms carry it, not the orderRef)
  app_session text not null unique,
  started_at timestamptz not null,
  end_user_ip text not null,
  -- Base64, as sent
  user_visible_data text not null,
  user_non_visible_data text,
  user_visible_data_format text,
  personal_number text,
  state text not null check (state in ('outstanding', 'opened', 'complete', 'failed')),
  hint_code text,
  -- BankID's completion data (user, device, signature, OCSP response) of a complete order
  completion_data jsonb,
  ended_at timestamptz
);
-- A person's order in progress (alreadyInProgress), and the pending orders due to expire.
create index bankid_sim_orders_pending_pno_idx on bankid_sim_orders (personal_number)
  where state in ('outstanding', 'opened') and personal_number is not null;
create index bankid_sim_orders_pending_started_idx on bankid_sim_orders (started_at)
  where state in ('outstanding', 'opened');
-- The ended orders to forget.
create index bankid_sim_orders_ended_idx on bankid_sim_orders (ended_at) where ended_at is not null;
