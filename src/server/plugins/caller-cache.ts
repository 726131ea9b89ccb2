import type { Db, Queryable } from '../db/db';
import { findCallerAccount } from '../modules/session/repo';

/**
 * Who an account is (its users and profiles) is looked up on every call, which makes the
 * database round trip the cost of the hottest calls. The answer is kept for up to 30 s and
 * dropped at once when something about the account changes: every write that changes users,
 * profiles or terms calls `callerChanged` in its transaction, and every server copy hears the
 * NOTIFY when it commits.
 */
export const CALLER_CHANGED = 'caller_changed';

export async function callerChanged(q: Queryable, accountId: string): Promise<void> {
  await q.query('select pg_notify($1, $2)', [CALLER_CHANGED, accountId]);
}

type Account = Awaited<ReturnType<typeof findCallerAccount>>;

export interface CallerCache {
  get(subject: string, email?: string): Promise<Account>;
  /** Calls `listener` with every account that changes from now on ('*': maybe any). */
  onChange(listener: (accountId: string) => void): () => void;
  /**
   * Drops the account here at once, after the transaction that changed it committed: its own
   * next call must see the change, and the NOTIFY may reach this copy after that call.
   */
  forget(accountId: string): void;
  close(): Promise<void>;
}

export async function createCallerCache(db: Db, ttlMs = 30_000): Promise<CallerCache> {
  const entries = new Map<string, { until: number; accountId?: string; value: Promise<Account> }>();
  const listeners = new Set<(accountId: string) => void>();
  const invalidate = (accountId: string) => {
    listeners.forEach((l) => l(accountId));
    if (accountId === '*') return entries.clear();
    // Lookups still under way may have read the state before the change: drop them too.
    for (const [key, entry] of entries) {
      if (entry.accountId === accountId || entry.accountId === undefined) entries.delete(key);
    }
  };
  const unlisten = await db.listen(CALLER_CHANGED, invalidate);
  return {
    get(subject, email) {
      const key = `${subject}|${email ?? ''}`;
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const entry: { until: number; accountId?: string; value: Promise<Account> } = {
        until: Date.now() + ttlMs,
        value: findCallerAccount(db, subject, email),
      };
      entries.set(key, entry);
      // Unknown accounts are not remembered (a new one must work at once), nor are failures.
      entry.value.then(
        (account) => (account ? (entry.accountId = account.accountId) : entries.delete(key)),
        () => entries.delete(key),
      );
      if (entries.size > 50_000) entries.clear();
      return entry.value;
    },
    forget: invalidate,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: unlisten,
  };
}
