import type { Db, Queryable } from '../db/db';

/** The sign-in side of accounts: who may sign in, and when they last did. */
export interface SignInAccount {
  id: string;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  /** The partner of the account's first active user (the one it signs in as). */
  partnerId: string;
}

/** An account may sign in when it is not disabled and acts as at least one active user (not disabled, not deleted). */
export async function findSignInAccount(
  q: Queryable,
  by: { email: string } | { id: string },
): Promise<SignInAccount | undefined> {
  const [where, value] =
    'email' in by ? ['lower(a.email) = lower($1)', by.email.trim()] : ['a.id::text = $1', by.id];
  const [row] = await q.query<{
    id: string;
    email: string;
    password_hash: string | null;
    first_name: string;
    last_name: string;
    partner_id: string;
  }>(
    `select a.id, a.email, a.password_hash, u.first_name, u.last_name, u.partner_id
       from accounts a
       join users u on u.account_id = a.id and u.deleted_at is null and u.status = 'active'
      where ${where} and a.disabled_at is null
      order by u.created_at
      limit 1`,
    [value],
  );
  return (
    row && {
      id: row.id,
      email: row.email,
      passwordHash: row.password_hash,
      firstName: row.first_name,
      lastName: row.last_name,
      partnerId: row.partner_id,
    }
  );
}

export async function recordSignIn(db: Db, accountId: string): Promise<void> {
  await db.query(
    'update accounts set previous_sign_in_at = last_sign_in_at, last_sign_in_at = now() where id = $1',
    [accountId],
  );
}
