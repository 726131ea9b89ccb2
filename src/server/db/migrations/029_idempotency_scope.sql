-- An Idempotency-Key belongs to the user, the selected user profile (brand), the method and the
-- path (docs/api.md 'Idempotency-Key'): the same key under another brand or on another address is
-- another key. Records kept before have no scope (''): a repeat of one is still answered from it
-- until the housekeeping prunes it (plugins/idempotency.ts).
alter table idempotency_keys add column scope text not null default '';
alter table idempotency_keys drop constraint idempotency_keys_pkey;
alter table idempotency_keys add primary key (user_id, scope, key);
