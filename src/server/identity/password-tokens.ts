import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { endAccountSessions } from '../plugins/revocations';
import { hashPassword } from './passwords';

/**
 * One-time links to set a password: the invitation of a new user and a reset by an admin.
 * The link carries a random token; the database keeps only its hash.
 */
export type TokenPurpose = 'invitation' | 'reset';

export const TOKEN_VALID_HOURS: Record<TokenPurpose, number> = { invitation: 72, reset: 24 };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a new link. One an admin sends voids the account's earlier unused ones; one asked for on
 * the sign-in page (`keepOthers`) does not, since anybody may ask: a stranger must not void the
 * owner's invitation. Whichever link is used first voids the rest (setPasswordWithToken).
 */
export async function issuePasswordToken(
  q: Queryable,
  accountId: string,
  purpose: TokenPurpose,
  { keepOthers = false } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (!keepOthers)
    await q.query('update password_tokens set used_at = now() where account_id = $1 and used_at is null', [
      accountId,
    ]);
  await q.query(
    `insert into password_tokens (account_id, token_hash, purpose, expires_at)
     values ($1, $2, $3, now() + make_interval(hours => $4::int))`,
    [accountId, hash(token), purpose, TOKEN_VALID_HOURS[purpose]],
  );
  return token;
}

export interface ValidToken {
  id: string;
  accountId: string;
  email: string;
  purpose: TokenPurpose;
}

export async function findValidToken(q: Queryable, token: string): Promise<ValidToken | undefined> {
  const [row] = await q.query<ValidToken>(
    `select t.id, t.account_id as "accountId", a.email, t.purpose
       from password_tokens t join accounts a on a.id = t.account_id
      where t.token_hash = $1 and t.used_at is null and t.expires_at > now() and a.disabled_at is null`,
    [hash(token)],
  );
  return row;
}

/** Sets the password once; ends every session of the account (they were signed in with the old one). */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
): Promise<ValidToken | undefined> {
  const passwordHash = await hashPassword(password);
  return db.tx(async (q) => {
    const valid = await findValidToken(q, token);
    if (!valid) return undefined;
    await q.query('update password_tokens set used_at = now() where account_id = $1 and used_at is null', [
      valid.accountId,
    ]);
    await q.query('update accounts set password_hash = $2 where id = $1', [valid.accountId, passwordHash]);
    await endAccountSessions(q, valid.accountId);
    return valid;
  });
}
