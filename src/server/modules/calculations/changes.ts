import type { Queryable } from '../../db/db';

/**
 * What a change of a calculation ends in other modules (docs/domain.md section 4): the open
 * request is withdrawn, a running signing ends. app.ts hands in the requests and signing
 * modules' services, so that calculations imports neither (they import calculations).
 */
export interface ChangeEffects {
  withdrawRequest(q: Queryable, variantId: string): Promise<void>;
  endSigning(q: Queryable, variantId: string, reason: string): Promise<void>;
}
