-- Ending sessions before their access tokens expire (the API checks tokens by signature alone).
-- A password reset, disabling or deleting a user: tokens of the account issued before this
-- second are refused (their `iat` is earlier).
alter table accounts add column sessions_valid_after timestamptz;

-- Signing out revokes the session's grant: its tokens name it (`gid`) and are refused until the
-- last of them has expired.
create table revoked_grants (
  grant_id text primary key,
  until timestamptz not null
);
create index revoked_grants_until_idx on revoked_grants (until);
