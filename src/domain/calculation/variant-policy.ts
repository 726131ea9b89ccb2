import { categoryOf, transition, type CalculationState } from './states';

/**
 * What may be done with a variant: add or delete one, and each step of its process. The server
 * offers an action and checks its call by the same rule: an action is offered exactly when its
 * call would be accepted.
 */

/** A set holds at most this many variants (docs/domain.md). */
export const MAX_VARIANTS = 10;

export type VariantVerdict =
  { allowed: true } | { allowed: false; errorKey: 'tooManyVariants' | 'lastVariant' | 'invalidCurrentState' };

const ALLOWED: VariantVerdict = { allowed: true };

/** A copy of a variant (or a new one from inputs) joins the set while it has room. */
export function canCopyVariant(set: { variantCount: number }): VariantVerdict {
  return set.variantCount < MAX_VARIANTS ? ALLOWED : { allowed: false, errorKey: 'tooManyVariants' };
}

/** A quote may be deleted, unless it is the set's last variant. */
export function canDeleteVariant(set: { variantCount: number }, state: CalculationState): VariantVerdict {
  if (set.variantCount <= 1) return { allowed: false, errorKey: 'lastVariant' };
  if (categoryOf(state) !== 'Quote') return { allowed: false, errorKey: 'invalidCurrentState' };
  return ALLOWED;
}

// --- The process steps ---------------------------------------------------------------------------

/** Where a partner may ask for conditions the lists lack (docs/domain.md, "Special cases"). */
const SPECIAL_CASE_STATES: readonly CalculationState[] = ['inWork', 'offerToCustomer', 'missingQuoteInfo'];

/**
 * Which process step a variant's state allows now (docs/domain.md, "States"). The presenter
 * offers a step's action exactly where its rule holds, and the step's call refuses the state
 * otherwise (409 invalidCurrentState); `variant-actions.test.ts` walks every state and
 * holds the two together.
 */
export const PROCESS_STEPS = {
  /** An offer (its PDF, and its mail) while the variant is a quote or awaits approval. */
  offer: (state) => ['Quote', 'Approval'].includes(categoryOf(state)),
  /** A request to the provider, or a running one sent again (it replaces the open one). */
  request: (state) => transition(state, 'requestToProvider') !== undefined || state === 'requestToGrenke',
  specialCase: (state) => SPECIAL_CASE_STATES.includes(state),
  /** A paper contract; printing again is allowed (after a change of serial numbers, say). */
  paperContract: (state) => state === 'contractPrinted' || transition(state, 'paperContract') !== undefined,
  /** An e-signature or a BankID signing (the brand decides which of the two it offers). */
  signing: (state) => transition(state, 'startSigning') !== undefined,
  /** A running signing may be cancelled (back to readyToSign). */
  cancelSigning: (state) => transition(state, 'cancelSigning') !== undefined,
  /** The contract start, or the papers sent again after the provider missed something. */
  contractStart: (state) =>
    transition(state, 'deliveryConfirmed') !== undefined ||
    transition(state, 'documentsResent') !== undefined,
  /** Any state but closed and contracted. */
  cancelProcess: (state) => transition(state, 'cancelProcess') !== undefined,
} satisfies Record<string, (state: CalculationState) => boolean>;

export type ProcessStep = keyof typeof PROCESS_STEPS;

/** Whether a variant in this state may take the step now. */
export const mayTake = (step: ProcessStep, state: CalculationState) => PROCESS_STEPS[step](state);
