-- One queue for every background job (src/server/jobs/queue.ts): a job that used up its
-- attempts is failed, not done, and mail sending is a job too (kind 'mail.send').
alter table jobs add column failed_at timestamptz;
drop index jobs_due_idx;
create index jobs_due_idx on jobs (run_at) where done_at is null and failed_at is null;
create index jobs_failed_idx on jobs (failed_at) where failed_at is not null;
-- Until now a job out of attempts was marked done with its error.
update jobs set failed_at = done_at, done_at = null where done_at is not null and last_error is not null;

-- Mails waiting for the relay become jobs; the mail keeps its status for the demo mailbox.
insert into jobs (kind, payload)
  select 'mail.send', jsonb_build_object('mailId', id) from mails where status in ('queued', 'sending');
update mails set status = 'queued' where status = 'sending';
drop index mails_queued_idx;
alter table mails drop column claimed_at, drop column next_attempt_at;
