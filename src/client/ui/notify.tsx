import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * On-page notifications: headline, content, an optional primary button and the correlation
 * id of the call they are about (portal specification, “Screens and routes”). The toast code is fetched after the
 * start screen (or with the first notification), so the start screen does not pay for it.
 */
export interface Notification {
  title: string;
  description?: string;
  type?: 'info' | 'success' | 'warning' | 'error';
  correlationId?: string;
  action?: { label: string; onClick: () => void };
  /** Milliseconds; omitted for errors and prompts, which stay until closed. */
  duration?: number;
  id?: string;
}

type ToasterModule = typeof import('./toaster'); // eslint-disable-line @typescript-eslint/consistent-type-imports -- the module is loaded lazily
let loading: Promise<ToasterModule> | undefined;
const listeners = new Set<() => void>();
const load = () => {
  if (!loading) {
    loading = import('./toaster');
    listeners.forEach((l) => l());
  }
  return loading;
};
// Fetched while the browser is idle after the start too: a first notice given offline (before
// the service worker holds the chunk) must not depend on the network.
if (typeof window !== 'undefined')
  (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 2000)))(() => void load());

export function notify(n: Notification): void {
  void load().then((m) => m.show(n));
}

export function dismiss(id: string): void {
  void loading?.then((m) => m.toaster.dismiss(id));
}

const Toasts = lazy(() => load());

/** Mounts the toast region once the first notification was asked for. */
export function Notifications() {
  const used = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => loading !== undefined,
  );
  return used ? (
    <Suspense>
      <Toasts />
    </Suspense>
  ) : null;
}
