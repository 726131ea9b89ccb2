-- Failed sign-ins, to slow down password guessing: kept in the database so that every server
-- copy counts the same attempts.
create table sign_in_failures (
  id bigint generated always as identity primary key,
  email text not null,
  ip text not null,
  at timestamptz not null default now()
);
create index sign_in_failures_email_idx on sign_in_failures (lower(email), at);
create index sign_in_failures_ip_idx on sign_in_failures (ip, at);
