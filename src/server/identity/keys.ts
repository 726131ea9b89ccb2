import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/db';
import { isSealed, open, seal, type Sealed, type SealingKeys } from './sealing';

export interface IdentitySecrets {
  /** Private signing key of the embedded provider (RS256). */
  signingKey: JWK;
  cookieKeys: string[];
}

/** Copies starting together on one database take turns making, opening and sealing the keys. */
const IDENTITY_LOCK = 7304;

/**
 * The provider's signing key and cookie keys, made once and kept in the settings table, so
 * that tokens stay valid across restarts and every server copy signs with the same key. With
 * IDENTITY_KEY_SECRET they are kept sealed (sealing.ts): keys kept in plain form before, or
 * sealed with the previous secret during a rotation, are sealed with the current one here.
 */
export async function loadIdentitySecrets(db: Db, keys: SealingKeys = {}): Promise<IdentitySecrets> {
  return db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [IDENTITY_LOCK]);
    const [row] = await q.query<{ value: IdentitySecrets | Sealed }>(
      `select value from settings where key = 'identity'`,
    );
    let secrets: IdentitySecrets;
    let write: boolean;
    if (!row) [secrets, write] = [await freshSecrets(), true];
    else if (isSealed(row.value)) {
      const opened = open<IdentitySecrets>(row.value, keys);
      [secrets, write] = [opened.value, opened.withPrevious];
    } else [secrets, write] = [row.value, Boolean(keys.current)];
    if (write)
      await q.query(
        `insert into settings (key, value) values ('identity', $1)
         on conflict (key) do update set value = excluded.value`,
        [JSON.stringify(keys.current ? seal(secrets, keys.current) : secrets)],
      );
    return secrets;
  });
}

async function freshSecrets(): Promise<IdentitySecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    signingKey: { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

export function publicJwk(key: JWK): JWK {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}
