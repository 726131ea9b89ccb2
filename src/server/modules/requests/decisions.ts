import {
  canConfirmGuarantee,
  canDecide,
  decide,
  type MissingInfo,
} from '../../../domain/calculation/credit-decision';
import { transition, type CalculationEvent, type CalculationState } from '../../../domain/calculation/states';
import type { CalculationChanged } from '../../../domain/events';
import type { Queryable } from '../../db/db';
import { queueMail } from '../../integrations/mail/outbox';
import { invalidState } from '../../problems';
import { changeVariantState, findSet, type SetRow } from '../calculations';
import { publish } from '../events';
import { instantDecisionLimit, ownerOf } from '../session';
import { decisionMail } from './mails';
import { findRequest, recordDecision, recordGuarantee, type DecisionKind, type RequestRow } from './repo';

/**
 * The provider's decisions on requests (docs/domain.md sections 4 and 5): the automatic one, run as
 * a job seconds after the request, and an underwriter's in the back office. Either moves the
 * variant by the state machine, records the decision, mails the owner and tells the open apps.
 */
export const DECIDE_JOB = 'decideRequest';
/** The automatic decision is taken this long after the request (the provider's systems). */
export const INSTANT_DECISION_DELAY_MS = 1_000;

const EVENT: Record<DecisionKind, CalculationEvent> = {
  approve: 'approve',
  approveWithGuarantee: 'approveWithGuarantee',
  needInformation: 'needInformation',
  decline: 'decline',
};

export interface DecisionInput {
  decision: DecisionKind;
  by: string;
  missingInfo?: MissingInfo[];
  infoText?: string;
  declineReason?: string;
}

/** Tells the open apps and mails the owner about a change the provider made. */
export async function announce(
  q: Queryable,
  set: SetRow,
  variantId: string,
  state: CalculationState,
  decision: NonNullable<CalculationChanged['decision']>,
  publicUrl: string,
) {
  const customerName = set.applicant?.name ?? '';
  await publish(
    q,
    { partnerId: set.partnerId, brandId: set.brandId, userProfileId: set.userProfileId },
    {
      kind: 'calculationChanged',
      calculationSetId: set.id,
      calculationVariantId: variantId,
      state,
      customerName,
      decision,
    },
  );
  const owner = await ownerOf(q, set.userProfileId);
  if (owner)
    await queueMail(
      q,
      decisionMail(
        owner.email,
        owner.language,
        customerName,
        state,
        `${publicUrl}/calculations/${set.id}/${variantId}`,
      ),
    );
}

/** Applies a decision to an open request; refused (409) when the request or state moved on. */
export async function applyDecision(q: Queryable, request: RequestRow, d: DecisionInput, publicUrl: string) {
  const set = (await findSet(q, request.calculationSetId, true))!;
  const variant = set.variants.find((v) => v.id === request.calculationVariantId);
  const next =
    variant && canDecide(request, variant.state) ? transition(variant.state, EVENT[d.decision]) : undefined;
  if (!variant || !next) throw invalidState('invalidCurrentState', variant?.state ?? 'unknown', false);
  await recordDecision(q, request.id, d);
  await changeVariantState(q, set, variant.id, next);
  await announce(q, set, variant.id, next, d.decision, publicUrl);
  return next;
}

export async function applyGuaranteeReceived(q: Queryable, request: RequestRow, publicUrl: string) {
  const set = (await findSet(q, request.calculationSetId, true))!;
  const variant = set.variants.find((v) => v.id === request.calculationVariantId);
  const next =
    variant && canConfirmGuarantee(request, variant.state)
      ? transition(variant.state, 'guaranteeReceived')
      : undefined;
  if (!variant || !next) throw invalidState('invalidCurrentState', variant?.state ?? 'unknown', false);
  await recordGuarantee(q, request.id);
  await changeVariantState(q, set, variant.id, next);
  await announce(q, set, variant.id, next, 'guaranteeReceived', publicUrl);
  return next;
}

/** The job: decides by the rules, or leaves the request open for an underwriter. */
export function decideRequestJob(publicUrl: string) {
  return async (q: Queryable, payload: Record<string, unknown>) => {
    const request = await findRequest(q, String(payload.requestId), true);
    if (!request || request.status !== 'open') return;
    const set = await findSet(q, request.calculationSetId);
    if (!set?.applicant) return;
    const d = decide({
      applicant: set.applicant,
      nav: request.nav,
      instantDecisionLimit: await instantDecisionLimit(q, request.brandId),
    });
    if (d.outcome === 'underwriter') return;
    await applyDecision(
      q,
      request,
      {
        decision: d.outcome,
        by: 'instant',
        missingInfo: d.outcome === 'needInformation' ? d.missing : undefined,
        declineReason: d.outcome === 'decline' ? d.reason : undefined,
      },
      publicUrl,
    );
  };
}
