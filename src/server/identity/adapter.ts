import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/db';

/**
 * oidc-provider's storage in PostgreSQL (table oidc_payloads), one row per model instance.
 * Sessions, grants and tokens survive restarts and are shared by every server copy.
 */
export function pgAdapterFactory(db: Db) {
  return (type: string): Adapter => {
    const find = async (column: 'id' | 'uid' | 'user_code', value: string) => {
      const [row] = await db.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `select payload, consumed_at from oidc_payloads
          where type = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`,
        [type, value],
      );
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        await db.query(
          `insert into oidc_payloads (type, id, payload, grant_id, user_code, uid, expires_at)
           values ($1, $2, $3, $4, $5, $6, case when $7::int is null then null else now() + make_interval(secs => $7::int) end)
           on conflict (type, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
             user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
          [
            type,
            id,
            JSON.stringify(payload),
            payload.grantId ?? null,
            payload.userCode ?? null,
            payload.uid ?? null,
            expiresIn ?? null,
          ],
        );
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('user_code', userCode),
      async consume(id) {
        await db.query('update oidc_payloads set consumed_at = now() where type = $1 and id = $2', [
          type,
          id,
        ]);
      },
      async destroy(id) {
        await db.query('delete from oidc_payloads where type = $1 and id = $2', [type, id]);
      },
      async revokeByGrantId(grantId) {
        await db.query('delete from oidc_payloads where grant_id = $1', [grantId]);
      },
    };
  };
}

/** Drops expired rows; called at start and then now and then. */
export async function pruneExpiredPayloads(db: Db): Promise<void> {
  await db.query('delete from oidc_payloads where expires_at < now()');
}
