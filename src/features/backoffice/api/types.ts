import type { DECISIONS } from '../../../domain/calculation/requests';
import type { QueueItem, RequestDetail } from '../../../domain/api/backoffice';

export type DecisionKind = (typeof DECISIONS)[number];

/** The back office's answers: the contract's types of src/domain/api/backoffice.ts. */
export type { QueueItem, RequestDetail } from '../../../domain/api/backoffice';

export interface Queue {
  promiseMinutes: number;
  open: QueueItem[];
  awaitingGuarantee: QueueItem[];
}

/** What the rules would decide now; 'underwriter' when the NAV is above the instant-decision limit. */
export type Proposal = NonNullable<RequestDetail['proposal']>;
