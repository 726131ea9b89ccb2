import { sessionStore } from '../auth/session';

/** The signed-in account on this device (the token's subject); undefined when nobody is. */
export function currentOwner(): string | undefined {
  return sessionStore.get().user?.profile.sub;
}
