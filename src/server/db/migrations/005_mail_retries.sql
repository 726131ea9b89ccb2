-- Mail sending that survives a crash mid-send (a claim that is never finished is taken again)
-- and backs off between attempts.
alter table mails add column claimed_at timestamptz;
alter table mails add column next_attempt_at timestamptz not null default now();
