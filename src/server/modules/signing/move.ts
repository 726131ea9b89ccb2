import { transition, type CalculationEvent, type CalculationState } from '../../../domain/calculation/states';
import type { Queryable } from '../../db/db';
import { changeVariantState, type SetRow } from '../calculations';
import { publish } from '../events';

/**
 * A signing event moves the variant by the state machine and tells the open apps; an event
 * the state does not allow (a repeated or late message) changes nothing and answers undefined.
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
