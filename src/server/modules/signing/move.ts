import { transition, type CalculationEvent, type CalculationState } from '../../../domain/calculation/states';
import type { Queryable } from '../../db/db';
import { changeVariantState, paperMatches, type SetRow } from '../calculations';
import { publish } from '../events';

/** Events that put a signature (or the delivery) on the paper. */
const SIGNED_ON_PAPER: readonly CalculationEvent[] = [
  'customerSigned',
  'customerSignedPartnerNeeded',
  'partnerSigned',
  'deliveryConfirmed',
];

/**
 * A signing event moves the variant by the state machine and tells the open apps; an event
 * the state does not allow (a repeated or late message) changes nothing and answers undefined,
 * as does a signature on a paper that no longer shows the variant (a change ends the signing).
 */
export async function moveBy(
  q: Queryable,
  set: SetRow,
  variantId: string,
  event: CalculationEvent,
): Promise<CalculationState | undefined> {
  const variant = set.variants.find((v) => v.id === variantId);
  const next = variant && transition(variant.state, event);
  if (!variant || !next) return undefined;
  if (SIGNED_ON_PAPER.includes(event) && !paperMatches(set, variant)) return undefined;
  await changeVariantState(q, set, variantId, next);
  variant.state = next;
  await publish(
    q,
    { partnerId: set.partnerId, brandId: set.brandId, userProfileId: set.userProfileId },
    {
      kind: 'calculationChanged',
      calculationSetId: set.id,
      calculationVariantId: variantId,
      state: next,
      customerName: set.applicant?.name ?? '',
    },
  );
  return next;
}
