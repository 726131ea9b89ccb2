import type { CalculationState } from './calculation/states';

/**
 * What the open app hears from the server without asking (GET /api/events, server-sent
 * events): a calculation changed state, e.g. by the provider's decision.
 */
export interface CalculationChanged {
  kind: 'calculationChanged';
  calculationSetId: string;
  calculationVariantId: string;
  state: CalculationState;
  customerName: string;
  /** Set when the change is the provider's decision on a request. */
  decision?:
    | 'approve'
    | 'approveWithGuarantee'
    | 'needInformation'
    | 'decline'
    | 'guaranteeReceived'
    | 'applicationComplete'
    | 'applicationIncomplete';
}

/** The provider answered a partner's request for a special-case condition. */
export interface SpecialCaseAnswered {
  kind: 'specialCaseAnswered';
  calculationSetId: string;
  calculationVariantId: string;
  customerName: string;
  granted: boolean;
}

/**
 * The customer opened, accepted or declined an offer link (docs/domain.md, "The customer's offer
 * page"): the salesperson's open editor and start screen read again.
 */
export interface OfferAnswered {
  kind: 'offerAnswered';
  calculationSetId: string;
  calculationVariantId: string;
  customerName: string;
  answer: 'opened' | 'accepted' | 'declined';
  /** The period accepted. */
  periodInMonths?: number;
}

export type LiveEvent = CalculationChanged | SpecialCaseAnswered | OfferAnswered;
