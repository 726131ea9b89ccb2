-- A mail's one-time secret (a password link's token) is kept apart from its text, put in only
-- when the mail is sent, and forgotten then (integrations/mail/outbox.ts).
alter table mails add column secret text;

-- Rate limits per account and kind of call (plugins/rate-limits.ts), shared by every copy.
create table rate_limits (
  key text primary key,
  count int not null,
  reset_at timestamptz not null
);
create index rate_limits_reset_idx on rate_limits (reset_at);
