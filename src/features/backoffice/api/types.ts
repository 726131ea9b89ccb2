import type { DECISIONS } from '../../../domain/calculation/requests';
import type { QueueItem } from '../../../domain/api/backoffice';

export type DecisionKind = (typeof DECISIONS)[number];

/** The back office's answers: the contract's types of src/domain/api/backoffice.ts. */
export type { QueueItem, RequestDetail } from '../../../domain/api/backoffice';

export interface Queue {
  promiseMinutes: number;
  open: QueueItem[];
  awaitingGuarantee: QueueItem[];
}
