import type { MissingInfo } from '../../../domain/calculation/credit-decision';
import type { ResultRow } from '../../../domain/calculation/schemas';
import type { DECISIONS } from '../../../domain/calculation/requests';
import type { CalculationState } from '../../../domain/calculation/states';
import type { CalculationVariant } from '../../../domain/calculation/variant';
import type { Customer, Party } from '../../../domain/customers/schemas';

export type DecisionKind = (typeof DECISIONS)[number];

/** The back office's answers (src/server/modules/requests/backoffice.ts), as the pages read them. */
export interface QueueItem {
  id: string;
  requestedAt: string;
  /** Minutes since the request when the server answered. */
  ageMinutes: number;
  partnerName: string;
  brandName: string;
  customerName: string;
  nav: number;
  currencyCode: string;
  scoreClass: number | null;
  /** requestToGrenke: open; bankGuarantee: approved, waiting for the guarantee. */
  state: CalculationState;
}

export interface Queue {
  promiseMinutes: number;
  open: QueueItem[];
  awaitingGuarantee: QueueItem[];
}

/** What the rules would decide now; 'underwriter' when the NAV is above the instant-decision limit. */
export type Proposal = DecisionKind | 'underwriter';

export interface RequestDetail {
  id: string;
  calculationSetId: string;
  calculationVariantId: string;
  partnerId: string;
  brandId: string;
  requestedAt: string;
  nav: number;
  periodInMonths: number;
  quoteNote: string;
  status: 'open' | 'decided' | 'cancelled';
  decision: DecisionKind | null;
  missingInfo: MissingInfo[];
  infoText: string | null;
  declineReason: string | null;
  /** A user id, or 'instant' for the automatic decision. */
  decidedBy: string | null;
  decidedAt: string | null;
  guaranteeReceivedAt: string | null;
  state: CalculationState;
  currencyCode: string;
  instantDecisionLimit: number;
  applicant: Customer | null;
  supplier: Party | null;
  calculationVariant: CalculationVariant;
  /** The names of the object types by id. */
  objectTypeNames: Record<string, string>;
  result: ResultRow | null;
  missingNow: MissingInfo[];
  proposal: Proposal | null;
}
