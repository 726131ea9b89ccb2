import { useSyncExternalStore } from 'react';

/**
 * The selected user profile (brand) is stored for the browser session (administration specification, “Entities and their fields”)
 * and sent with every call (src/app/bootstrap.tsx hands `selectedProfileId` to the HTTP client).
 */
const KEY = 'userProfileId';
const listeners = new Set<() => void>();

export function selectedProfileId(): string | undefined {
  return sessionStorage.getItem(KEY) ?? undefined;
}

export function selectProfile(userProfileId: string | undefined): void {
  if (userProfileId) sessionStorage.setItem(KEY, userProfileId);
  else sessionStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function useSelectedProfileId(): string | undefined {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, selectedProfileId);
}
