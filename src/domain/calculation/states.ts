/**
 * States of calculations (variants) and contracts, their categories and colours (portal specification
 * section 4), and the transitions and locks the server enforces (docs/domain.md section 4).
 */
export const STATE_CATEGORIES = {
  Quote: ['inWork', 'offerToCustomer'],
  Approval: [
    'requestToGrenke',
    'missingQuoteInfo',
    'readyToSign',
    'changedAfterStatement',
    'bankGuarantee',
    'interimContract',
  ],
  Conclusion: [
    'contractPrinted',
    'startingESignature',
    'awaitingCustomerSignature',
    'awaitingPartnerSignature',
    'awaitingDeliveryConfirmation',
    'applicationReceived',
    'missingApplicationInfo',
    'contracted',
  ],
  Closed: ['declined', 'canceled', 'awaitingSigningAppSignature'],
} as const;

export type StateCategory = keyof typeof STATE_CATEGORIES;
export type CalculationState = (typeof STATE_CATEGORIES)[StateCategory][number];
export const CALCULATION_STATES: CalculationState[] =
  Object.values(STATE_CATEGORIES).flat<readonly (readonly CalculationState[])[]>();

/**
 * States only the provider's servicing system knows (docs/domain.md, "Contracts"): it sets them
 * through its data load, and a contract it marks is in that state whatever the calendar says.
 */
export const PROVIDER_CONTRACT_STATES = [
  'active',
  'expired',
  'closed',
  'defective',
  'rescinded',
  'locked',
] as const;
export type ProviderContractState = (typeof PROVIDER_CONTRACT_STATES)[number];

/** States only contracts have (the contract list): the calendar's, then the provider's. */
export const CONTRACT_STATES = [
  'unknown',
  'applicationSettled',
  'paid',
  'runningContract',
  'expiringSoon',
  'cancelled',
  'prolongedContract',
  ...PROVIDER_CONTRACT_STATES,
] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

export type ColourGroup = 'blue' | 'yellow' | 'green' | 'gray';

const COLOURS: Record<CalculationState, ColourGroup> = {
  inWork: 'blue',
  offerToCustomer: 'blue',
  requestToGrenke: 'blue',
  interimContract: 'blue',
  missingQuoteInfo: 'yellow',
  readyToSign: 'yellow',
  changedAfterStatement: 'yellow',
  bankGuarantee: 'yellow',
  contractPrinted: 'green',
  startingESignature: 'green',
  awaitingCustomerSignature: 'green',
  awaitingPartnerSignature: 'green',
  awaitingDeliveryConfirmation: 'green',
  applicationReceived: 'green',
  missingApplicationInfo: 'green',
  contracted: 'green',
  declined: 'gray',
  canceled: 'gray',
  awaitingSigningAppSignature: 'gray',
};

/** The colour of a state in lists; every contract-only state is green. */
export function colourOf(state: CalculationState | ContractState): ColourGroup {
  return (COLOURS as Record<string, ColourGroup>)[state] ?? 'green';
}

export function categoryOf(state: CalculationState): StateCategory {
  return (Object.keys(STATE_CATEGORIES) as StateCategory[]).find((c) =>
    (STATE_CATEGORIES[c] as readonly string[]).includes(state),
  )!;
}

export type CalculationEvent =
  | 'offerToCustomer'
  | 'requestToProvider'
  | 'approve'
  | 'approveWithGuarantee'
  | 'needInformation'
  | 'decline'
  | 'guaranteeReceived'
  | 'editDecidedField'
  | 'paperContract'
  | 'startSigning'
  | 'signingStarted'
  | 'customerSigned'
  | 'customerSignedPartnerNeeded'
  | 'partnerSigned'
  | 'deliveryConfirmed'
  | 'applicationComplete'
  | 'applicationIncomplete'
  | 'documentsResent'
  | 'cancelProcess'
  | 'cancelSigning';

type Rule = { from: readonly CalculationState[]; event: CalculationEvent; to: CalculationState };

const SIGNING: CalculationState[] = [
  'startingESignature',
  'awaitingCustomerSignature',
  'awaitingPartnerSignature',
  'awaitingDeliveryConfirmation',
];

/** docs/domain.md section 4, row by row; anything else is refused with the invalid-state key. */
export const TRANSITIONS: Rule[] = [
  { from: ['inWork'], event: 'offerToCustomer', to: 'offerToCustomer' },
  {
    from: ['inWork', 'offerToCustomer', 'missingQuoteInfo', 'changedAfterStatement'],
    event: 'requestToProvider',
    to: 'requestToGrenke',
  },
  { from: ['requestToGrenke'], event: 'approve', to: 'readyToSign' },
  { from: ['requestToGrenke'], event: 'approveWithGuarantee', to: 'bankGuarantee' },
  { from: ['requestToGrenke'], event: 'needInformation', to: 'missingQuoteInfo' },
  { from: ['requestToGrenke'], event: 'decline', to: 'declined' },
  { from: ['bankGuarantee'], event: 'guaranteeReceived', to: 'readyToSign' },
  { from: ['readyToSign'], event: 'editDecidedField', to: 'changedAfterStatement' },
  { from: ['readyToSign'], event: 'paperContract', to: 'contractPrinted' },
  { from: ['readyToSign', 'contractPrinted'], event: 'startSigning', to: 'startingESignature' },
  { from: ['startingESignature'], event: 'signingStarted', to: 'awaitingCustomerSignature' },
  {
    from: ['awaitingCustomerSignature'],
    event: 'customerSignedPartnerNeeded',
    to: 'awaitingPartnerSignature',
  },
  { from: ['awaitingCustomerSignature'], event: 'customerSigned', to: 'awaitingDeliveryConfirmation' },
  { from: ['awaitingPartnerSignature'], event: 'partnerSigned', to: 'awaitingDeliveryConfirmation' },
  {
    from: ['awaitingDeliveryConfirmation', 'contractPrinted'],
    event: 'deliveryConfirmed',
    to: 'applicationReceived',
  },
  { from: ['applicationReceived'], event: 'applicationComplete', to: 'contracted' },
  { from: ['applicationReceived'], event: 'applicationIncomplete', to: 'missingApplicationInfo' },
  { from: ['missingApplicationInfo'], event: 'documentsResent', to: 'applicationReceived' },
  {
    from: CALCULATION_STATES.filter((s) => categoryOf(s) !== 'Closed' && s !== 'contracted'),
    event: 'cancelProcess',
    to: 'canceled',
  },
  // Paper contract or a change of the calculation during signing cancels the signing.
  { from: SIGNING, event: 'paperContract', to: 'contractPrinted' },
  { from: SIGNING, event: 'cancelSigning', to: 'readyToSign' },
];

/** The state after an event, or undefined when the event is not allowed in that state. */
export function transition(state: CalculationState, event: CalculationEvent): CalculationState | undefined {
  return TRANSITIONS.find((r) => r.event === event && r.from.includes(state))?.to;
}

export type UpdateVerdict =
  /** The variant may be saved as it is. */
  | { allowed: true; nextState: CalculationState; cancels?: 'request' | 'signing' }
  /** Locked: the blocking dialog; a forced update after confirmation is possible. */
  | { allowed: false; reason: 'locked' }
  /** Nothing may change any more ('no modifications possible'). */
  | { allowed: false; reason: 'invalidCurrentState' }
  /** The contract was started: what it shows is fixed, forced or not. */
  | { allowed: false; reason: 'contractLocked' };

/** From the contract start on the provider checks (and books) the signed papers. */
export const CONTRACT_STARTED: readonly CalculationState[] = [
  'applicationReceived',
  'missingApplicationInfo',
];

/** Where the provider's decision stands and a change of what it decided on voids it. */
const DECIDED: CalculationState[] = ['readyToSign', 'bankGuarantee', 'contractPrinted', ...SIGNING];

/**
 * Whether a variant may be updated (docs/domain.md, "Locks"): requested or concluding variants
 * refuse updates unless forced; a forced update of a requested variant cancels the request and
 * returns it to inWork, during signing it cancels the signing. Contracted and closed variants
 * change no more. A change of what the provider decided on (the decided inputs, the customer)
 * after the decision makes the variant changedAfterStatement: it needs a new request, and a
 * running signing ends. Other changes during signing return it to readyToSign; a printed
 * contract stays printed (and must be printed again: the contract start refuses the old paper).
 * From the contract start on, what the contract shows cannot change at all; the rest (its name,
 * its notes) only forced, and the state stays.
 */
export function canUpdate(
  state: CalculationState,
  opts: { force: boolean; decidedFieldChanged: boolean; contractFiguresChanged?: boolean },
): UpdateVerdict {
  if (state === 'contracted' || categoryOf(state) === 'Closed')
    return { allowed: false, reason: 'invalidCurrentState' };
  if (CONTRACT_STARTED.includes(state) && opts.contractFiguresChanged)
    return { allowed: false, reason: 'contractLocked' };
  const locked = state === 'requestToGrenke' || categoryOf(state) === 'Conclusion';
  if (locked && !opts.force) return { allowed: false, reason: 'locked' };
  if (state === 'requestToGrenke') return { allowed: true, nextState: 'inWork', cancels: 'request' };
  const signing = SIGNING.includes(state) ? ({ cancels: 'signing' } as const) : {};
  if (DECIDED.includes(state) && opts.decidedFieldChanged)
    return { allowed: true, nextState: 'changedAfterStatement', ...signing };
  if (SIGNING.includes(state)) return { allowed: true, nextState: 'readyToSign', cancels: 'signing' };
  return { allowed: true, nextState: state };
}

/**
 * The customer, supplier and sublessee belong to the set: while another variant of it is being
 * concluded (printed, signed, started or contracted), they are that contract's and another
 * variant's save may not change them. Answers the concluding variant's state, if any.
 */
export function partiesHeldBy(
  variants: readonly { id: string; state: CalculationState }[],
  savedVariantId: string,
): CalculationState | undefined {
  return variants.find((v) => v.id !== savedVariantId && categoryOf(v.state) === 'Conclusion')?.state;
}
