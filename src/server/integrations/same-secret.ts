import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether a presented secret (a header) is the expected one, in constant time. */
export function sameSecret(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
