import type { LiveEvent } from '../../../domain/events';
import type { Db, Queryable } from '../../db/db';
import { notify } from './repo';

/**
 * Live events to the open apps: written with NOTIFY in the transaction of the change (sent only
 * once it committed, and to every server copy), fanned out here to the SSE streams whose
 * caller may see the calculation (same partner and brand; own sets only without global access).
 */
export interface Audience {
  partnerId: string;
  brandId: string;
  userProfileId: string;
}

const CHANNEL = 'calculation_events';

export async function publish(q: Queryable, audience: Audience, event: LiveEvent): Promise<void> {
  await notify(q, CHANNEL, JSON.stringify({ audience, event }));
}

export interface Listener {
  partnerId: string;
  brandId: string;
  /** Null with global access: every set of the brand. */
  userProfileId: string | null;
  send(event: LiveEvent): void;
}

export interface EventHub {
  subscribe(listener: Listener): () => void;
  close(): Promise<void>;
}

export async function createEventHub(db: Db): Promise<EventHub> {
  const listeners = new Set<Listener>();
  const unlisten = await db.listen(CHANNEL, (payload) => {
    if (payload === '*') return;
    const { audience, event } = JSON.parse(payload) as { audience: Audience; event: LiveEvent };
    for (const l of listeners)
      if (
        l.partnerId === audience.partnerId &&
        l.brandId === audience.brandId &&
        (l.userProfileId === null || l.userProfileId === audience.userProfileId)
      )
        l.send(event);
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: unlisten,
  };
}
