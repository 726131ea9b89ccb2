import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/db';

export interface IdentitySecrets {
  /** Private signing key of the embedded provider (RS256). */
  signingKey: JWK;
  cookieKeys: string[];
}

/**
 * The provider's signing key and cookie keys, made once and kept in the settings table, so
 * that tokens stay valid across restarts and every server copy signs with the same key.
 */
export async function loadIdentitySecrets(db: Db): Promise<IdentitySecrets> {
  const [row] = await db.query<{ value: IdentitySecrets }>(
    `select value from settings where key = 'identity'`,
  );
  if (row) return row.value;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const secrets: IdentitySecrets = {
    signingKey: { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  // A concurrent first start may have won; read back whatever is stored.
  await db.query(`insert into settings (key, value) values ('identity', $1) on conflict (key) do nothing`, [
    JSON.stringify(secrets),
  ]);
  const [stored] = await db.query<{ value: IdentitySecrets }>(
    `select value from settings where key = 'identity'`,
  );
  return stored!.value;
}

export function publicJwk(key: JWK): JWK {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}
