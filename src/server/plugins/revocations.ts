import type { Db, Queryable } from '../db/db';
import { callerChanged } from './caller-cache';

/**
 * The API checks access tokens (JWTs) by their signature alone, so a session that ends before
 * its tokens expire must reach it another way (docs/security.md, "Sessions"):
 *
 * - signing out revokes the session's grant in the identity provider; its tokens name the grant
 *   (`gid`), and revoked grants are kept in `revoked_grants` until their last token expired;
 * - a password reset, disabling or deleting a user sets the account's `sessions_valid_after`:
 *   tokens issued before that second are refused (checked with the cached caller).
 *
 * Every server copy hears both by NOTIFY; the copy that revokes knows at once.
 */
const CHANNEL = 'grant_revoked';

export interface Revocations {
  isRevoked(grantId: string | undefined): boolean;
  /** A grant revoked here: kept in the database and told to every copy. */
  revoke(q: Queryable, grantId: string, ttlSeconds: number): Promise<void>;
  /** Calls `listener` with every grant revoked from now on; answers the unsubscribe. */
  onRevoked(listener: (grantId: string) => void): () => void;
  close(): Promise<void>;
}

export async function createRevocations(db: Db): Promise<Revocations> {
  /** Revoked grant → until when its tokens could still be shown (ms). */
  const revoked = new Map<string, number>();
  const listeners = new Set<(grantId: string) => void>();
  const note = (grantId: string, until: number) => {
    revoked.set(grantId, until);
    listeners.forEach((l) => l(grantId));
  };
  const load = async () => {
    await db.query('delete from revoked_grants where until < now()');
    const rows = await db.query<{ grantId: string; until: Date }>(
      'select grant_id as "grantId", until from revoked_grants',
    );
    for (const r of rows) if (!revoked.has(r.grantId)) note(r.grantId, r.until.getTime());
  };
  await load();
  const unlisten = await db.listen(CHANNEL, () => void load().catch(() => undefined));
  return {
    isRevoked(grantId) {
      if (!grantId) return false;
      const until = revoked.get(grantId);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      revoked.delete(grantId);
      return false;
    },
    async revoke(q, grantId, ttlSeconds) {
      note(grantId, Date.now() + ttlSeconds * 1000);
      await q.query(
        `insert into revoked_grants (grant_id, until) values ($1, now() + make_interval(secs => $2))
         on conflict (grant_id) do update set until = excluded.until`,
        [grantId, ttlSeconds],
      );
      await q.query('select pg_notify($1, $2)', [CHANNEL, grantId]);
    },
    onRevoked(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: unlisten,
  };
}

/** Tokens of the account issued before now are refused; its provider sessions end too. */
export async function endAccountSessions(q: Queryable, accountId: string): Promise<void> {
  await q.query(`update accounts set sessions_valid_after = date_trunc('second', now()) where id = $1`, [
    accountId,
  ]);
  await q.query(`delete from oidc_payloads where payload->>'accountId' = $1`, [accountId]);
  await callerChanged(q, accountId);
}
