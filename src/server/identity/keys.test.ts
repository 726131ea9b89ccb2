import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { DB_KINDS, openTestDb } from '../test/harness';
import { loadIdentitySecrets } from './keys';

const OLD = 'the-first-secret-of-at-least-32-characters';
const NEW = 'a-second-secret-after-the-rotation-0123456';

/** The identity provider's keys at rest: sealed with IDENTITY_KEY_SECRET, rotated without losing them. */
describe.each(DB_KINDS)('identity keys at rest (%s)', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
  });
  afterAll(() => db.close());

  const stored = async () =>
    JSON.stringify(
      (await db.query<{ value: unknown }>(`select value from settings where key = 'identity'`))[0]?.value,
    );

  it('seals keys kept in plain form at the first start with a secret, and opens them again', async () => {
    const plain = await loadIdentitySecrets(db);
    expect(await stored()).toContain(plain.signingKey.d);

    const sealed = await loadIdentitySecrets(db, { current: OLD });
    expect(sealed).toEqual(plain);
    const text = await stored();
    expect(text).not.toContain(plain.signingKey.d);
    expect(text).not.toContain(plain.cookieKeys[0]);
    expect(await loadIdentitySecrets(db, { current: OLD })).toEqual(plain);
  });

  it('will not start without the secret that sealed them, and says which settings to give', async () => {
    await expect(loadIdentitySecrets(db)).rejects.toThrow(/IDENTITY_KEY_SECRET/);
    await expect(loadIdentitySecrets(db, { current: NEW })).rejects.toThrow(/IDENTITY_KEY_SECRET_PREVIOUS/);
  });

  it('rotates: the previous secret opens them once, and the start seals them with the new one', async () => {
    const before = await loadIdentitySecrets(db, { current: OLD });
    expect(await loadIdentitySecrets(db, { current: NEW, previous: OLD })).toEqual(before);
    expect(await loadIdentitySecrets(db, { current: NEW })).toEqual(before);
    await expect(loadIdentitySecrets(db, { current: OLD })).rejects.toThrow();
  });

  it('refuses keys changed in the database (the seal is authenticated)', async () => {
    // One character of the sealed data changed, whatever it was.
    await db.query(
      `update settings set value = jsonb_set(value, '{sealed,data}', to_jsonb(
         case when left(value->'sealed'->>'data', 1) = 'A' then 'B' else 'A' end || substr(value->'sealed'->>'data', 2)))
        where key = 'identity'`,
    );
    await expect(loadIdentitySecrets(db, { current: NEW })).rejects.toThrow();
  });
});
