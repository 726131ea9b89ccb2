-- Idempotency keys of replayed writes (docs/offline.md 'The outbox', docs/api.md 'Idempotency-Key'): the
-- first answer to a user's key, kept at least 30 days (as long as an outbox entry can wait
-- offline) and written in the same transaction as the write's effect. A repeat with the same
-- request gets this answer back without acting again; with another request it is refused.
-- `running` is only ever seen inside the transaction that does the work (a committed row is
-- `done`); the plugin (src/server/plugins/idempotency.ts) keeps concurrent repeats apart with
-- an advisory lock on (user, key).

create table idempotency_keys (
  user_id uuid not null references users(id) on delete cascade,
  key text not null check (length(key) between 1 and 100),
  -- sha256 (hex) of method, path with query and body: the same key with another request is a 422.
  request_hash text not null,
  state text not null check (state in ('running', 'done')),
  -- The stored answer: status, the headers worth repeating (content-type, ETag, Location), body.
  status int,
  headers jsonb not null default '{}',
  -- The body as JSON text (not jsonb, which would reorder its keys); null for an empty answer.
  body text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create index idempotency_keys_created_idx on idempotency_keys (created_at);
