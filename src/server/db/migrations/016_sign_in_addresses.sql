-- Sign-in throttling per e-mail and address (identity/throttle.ts): e-mails are kept lower-case,
-- and the addresses that signed in to an e-mail successfully are remembered, so that strangers'
-- failures cannot lock the owner out.
update sign_in_failures set email = lower(email);
drop index sign_in_failures_email_idx;
create index sign_in_failures_email_idx on sign_in_failures (email, ip, at);
create table sign_in_addresses (
  email text not null,
  ip text not null,
  last_success_at timestamptz not null,
  primary key (email, ip)
);
