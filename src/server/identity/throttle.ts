import type { Db } from '../db/db';

/**
 * Password guessing is slowed down without letting a stranger lock the owner out
 * (docs/security.md, "Sign-in"). Failures count within a window of 15 minutes:
 *
 * - per e-mail and address: 5 tries are free, then each further try waits twice as long as the
 *   one before (2 s, 4 s, 8 s … at most the window);
 * - per address: more than 50 failures, for any e-mails, refuse that address;
 * - per e-mail from any address: more than 30 failures refuse addresses that never signed in to
 *   it successfully; an address that did (in the last 90 days) keeps its own count only.
 *
 * Every try is recorded before the password is checked, so that parallel guesses count too; a
 * refused try is taken back (it checked nothing), and a success clears its address's failures.
 */
export const THROTTLE = {
  windowMinutes: 15,
  freePerAddress: 5,
  perIp: 50,
  perEmail: 30,
  knownAddressDays: 90,
} as const;

const WINDOW_S = THROTTLE.windowMinutes * 60;

/** Records a try; answers its id (taken back when the try is refused). */
export async function recordAttempt(db: Db, email: string, ip: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'insert into sign_in_failures (email, ip) values (lower($1), $2) returning id::text',
    [email.slice(0, 254), ip],
  );
  // Old rows are of no use; drop them now and then.
  if (Math.random() < 0.05) {
    await db.query(`delete from sign_in_failures where at < now() - make_interval(mins => $1::int)`, [
      THROTTLE.windowMinutes,
    ]);
  }
  return row!.id;
}

/** Seconds this try must wait (0: it may be checked). The try being made is recorded already. */
export async function throttleWait(db: Db, email: string, ip: string): Promise<number> {
  const [row] = await db.query<{
    pair: number;
    byIp: number;
    byEmailElsewhere: number;
    known: boolean;
    sincePrevious: number | null;
  }>(
    `with recent as (
       select email, ip, at from sign_in_failures
        where at > now() - make_interval(mins => $3::int) and (email = lower($1) or ip = $2)
     ), known as (
       select ip from sign_in_addresses
        where email = lower($1) and last_success_at > now() - make_interval(days => $4::int)
     )
     select count(*) filter (where email = lower($1) and ip = $2)::int as pair,
            count(*) filter (where ip = $2)::int as "byIp",
            count(*) filter (where email = lower($1) and ip not in (select ip from known))::int as "byEmailElsewhere",
            exists (select 1 from known where ip = $2) as known,
            extract(epoch from now() - (select at from recent where email = lower($1) and ip = $2
                                         order by at desc offset 1 limit 1))::float8 as "sincePrevious"
       from recent`,
    [email, ip, THROTTLE.windowMinutes, THROTTLE.knownAddressDays],
  );
  if (!row) return 0;
  if (row.byIp > THROTTLE.perIp) return WINDOW_S;
  if (!row.known && row.byEmailElsewhere > THROTTLE.perEmail) return WINDOW_S;
  const beyond = row.pair - 1 - THROTTLE.freePerAddress;
  if (beyond < 0 || row.sincePrevious === null) return 0;
  const gap = Math.min(WINDOW_S, 2 ** (beyond + 1));
  return Math.max(0, Math.ceil(gap - row.sincePrevious));
}

/** A refused try checked nothing: it does not count. */
export async function takeBackAttempt(db: Db, id: string): Promise<void> {
  await db.query('delete from sign_in_failures where id = $1', [id]);
}

/** This address knows the password: its failures go, and strangers' failures no longer stop it. */
export async function recordSuccess(db: Db, email: string, ip: string): Promise<void> {
  await db.query('delete from sign_in_failures where email = lower($1) and ip = $2', [email, ip]);
  await db.query(
    `insert into sign_in_addresses (email, ip, last_success_at) values (lower($1), $2, now())
     on conflict (email, ip) do update set last_success_at = excluded.last_success_at`,
    [email, ip],
  );
}
