/**
 * Local storage as the browser gives it, backed by a Map the test can read and clear (the
 * outbox's journal writes there first). Installs itself on globalThis.
 */
export function fakeLocalStorage(): Map<string, string> {
  const stored = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      get length() {
        return stored.size;
      },
      key: (i: number) => [...stored.keys()][i] ?? null,
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, String(v)),
      removeItem: (k: string) => void stored.delete(k),
    },
  });
  return stored;
}
