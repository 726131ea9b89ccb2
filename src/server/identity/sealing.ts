import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database sealed with a key from the environment (AES-256-GCM; docs/security.md,
 * "Keys at rest"): a copy of the database alone does not give away the identity provider's
 * signing key. The sealing key is derived from IDENTITY_KEY_SECRET; during a rotation the
 * previous secret still opens what it sealed, and the start seals it again with the new one.
 */
export interface Sealed {
  sealed: { v: 1; keyId: string; iv: string; tag: string; data: string };
}

export interface SealingKeys {
  current?: string;
  previous?: string;
}

const INFO = 'partner-portal identity secrets v1';

const derive = (secret: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));
/** Names a sealing key without revealing it: which secret sealed a value. */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 12);

export const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && 'sealed' in value;

export function seal(value: unknown, secret: string): Sealed {
  const key = derive(secret);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    sealed: {
      v: 1,
      keyId: keyIdOf(key),
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
      data: data.toString('base64url'),
    },
  };
}

export class SealingKeyMissing extends Error {}

/** Opens a sealed value with whichever of the keys sealed it; says which was needed when neither did. */
export function open<T>(value: Sealed, keys: SealingKeys): { value: T; withPrevious: boolean } {
  for (const [secret, withPrevious] of [
    [keys.current, false],
    [keys.previous, true],
  ] as const) {
    if (!secret) continue;
    const key = derive(secret);
    if (keyIdOf(key) !== value.sealed.keyId) continue;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(value.sealed.iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(value.sealed.tag, 'base64url'));
    const text = Buffer.concat([
      decipher.update(Buffer.from(value.sealed.data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return { value: JSON.parse(text) as T, withPrevious };
  }
  throw new SealingKeyMissing(
    `The identity provider's keys are sealed with a key (id ${value.sealed.keyId}) that neither IDENTITY_KEY_SECRET nor IDENTITY_KEY_SECRET_PREVIOUS gives.`,
  );
}
