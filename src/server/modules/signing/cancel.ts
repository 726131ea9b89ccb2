import type { Queryable } from '../../db/db';

/**
 * A way of signing (e-signature, BankID) as signing sees it: ending its running processes of a
 * variant, and when it last started one (its tables are its own). The records end in the
 * caller's transaction; what the outside service must be told (void the envelope, cancel the
 * BankID order) a job of the channel does afterwards (no network call inside a transaction), so
 * a signer cannot go on even with the page closed.
 */
export interface SigningChannel {
  /** The service's name in an application (its signatures are the contract's). */
  method: 'docusign' | 'bankid';
  endRunning(q: Queryable, variantId: string, reason: string): Promise<void>;
  /** When the variant's newest process of the channel started, in microseconds since the epoch. */
  latestStart(q: Queryable, variantId: string): Promise<bigint | undefined>;
}

/** The signature of a variant ends at once in every channel (app.ts names the channels). */
export type EndSigning = (q: Queryable, variantId: string, reason: string) => Promise<void>;

/** The service of the variant's latest signing, e-signature or BankID (undefined: none). */
export type LatestSigning = (
  q: Queryable,
  variantId: string,
) => Promise<SigningChannel['method'] | undefined>;

/**
 * A change of the calculation, a paper contract or the partner's own delivery note ends every
 * running signing of the variant. The channels are handed in, since they import signing.
 */
export function endSigningIn(channels: SigningChannel[]): EndSigning {
  return async (q, variantId, reason) => {
    for (const channel of channels) await channel.endRunning(q, variantId, reason);
  };
}

/** The channel whose process of the variant started last (app.ts names the channels). */
export function latestSigningIn(channels: SigningChannel[]): LatestSigning {
  return async (q, variantId) => {
    let latest: { method: SigningChannel['method']; at: bigint } | undefined;
    for (const channel of channels) {
      const at = await channel.latestStart(q, variantId);
      if (at !== undefined && (!latest || at > latest.at)) latest = { method: channel.method, at };
    }
    return latest?.method;
  };
}
