import type { Db } from '../db/db';

/**
 * Password guessing is slowed down: after 10 failed sign-ins for one e-mail address, or 50 from
 * one address, within 15 minutes, further attempts are refused until the window has passed.
 * Every attempt is recorded before the password is checked, so that parallel guesses count
 * too; a successful sign-in clears the e-mail address's attempts.
 */
export const THROTTLE = { windowMinutes: 15, perEmail: 10, perIp: 50 } as const;

export async function isThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db.query<{ byEmail: number; byIp: number }>(
    `select count(*) filter (where lower(email) = lower($1))::int as "byEmail",
            count(*) filter (where ip = $2)::int as "byIp"
       from sign_in_failures
      where at > now() - make_interval(mins => $3::int) and (lower(email) = lower($1) or ip = $2)`,
    [email, ip, THROTTLE.windowMinutes],
  );
  // The attempt being made is counted already.
  return (row?.byEmail ?? 0) > THROTTLE.perEmail || (row?.byIp ?? 0) > THROTTLE.perIp;
}

export async function recordAttempt(db: Db, email: string, ip: string): Promise<void> {
  await db.query('insert into sign_in_failures (email, ip) values ($1, $2)', [email.slice(0, 254), ip]);
  // Old rows are of no use; drop them now and then.
  if (Math.random() < 0.05) {
    await db.query(`delete from sign_in_failures where at < now() - make_interval(mins => $1::int)`, [
      THROTTLE.windowMinutes,
    ]);
  }
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.query('delete from sign_in_failures where lower(email) = lower($1)', [email]);
}
