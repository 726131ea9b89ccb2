import { z } from 'zod';
import { MISSING_INFO } from '../calculation/credit-decision';
import { DECISIONS, DecisionBody, SpecialCaseAnswer } from '../calculation/requests';
import { ResultRow } from '../calculation/schemas';
import { CalculationVariant } from '../calculation/variant';
import { Customer, Party } from '../customers/schemas';
import { ImportSummary } from '../provider-data';
import type { Binding } from './binding';
import { CalculationStateSchema } from './common';
import { entity, entityWith } from './entity';

/** The provider's back office: the queue, one request, special cases, contract starts to check. */
export const QueueItemSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  /** Minutes since the request when the server answered. */
  ageMinutes: z.number(),
  partnerName: z.string(),
  brandName: z.string(),
  customerName: z.string(),
  nav: z.number(),
  currencyCode: z.string(),
  scoreClass: z.number().nullable(),
  /** requestToGrenke: open; bankGuarantee: approved, waiting for the guarantee. */
  state: CalculationStateSchema,
});
export const QueueEntity = entityWith(
  z.object({ count: z.number(), promiseMinutes: z.number() }),
  entity(QueueItemSchema),
);

const Decision = z.enum(DECISIONS);
const MissingInfo = z.enum(MISSING_INFO);

export const RequestDetailSchema = z.object({
  id: z.string(),
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  partnerId: z.string(),
  brandId: z.string(),
  requestedAt: z.string(),
  nav: z.number(),
  periodInMonths: z.number(),
  quoteNote: z.string(),
  status: z.enum(['open', 'decided', 'cancelled']),
  decision: Decision.nullable(),
  missingInfo: z.array(MissingInfo),
  infoText: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** A user id, or 'instant' for the automatic decision. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  guaranteeReceivedAt: z.string().nullable(),
  state: CalculationStateSchema,
  currencyCode: z.string(),
  instantDecisionLimit: z.number(),
  /** The NAV up to which the calling underwriter approves in this currency; null: not limited. */
  approvalLimit: z.number().nullable(),
  applicant: Customer.nullable(),
  supplier: Party.nullable(),
  calculationVariant: CalculationVariant,
  /** The names of the object types by id. */
  objectTypeNames: z.record(z.string(), z.string()),
  result: ResultRow.nullable(),
  missingNow: z.array(MissingInfo),
  /** What the rules would decide now; 'underwriter' above the instant-decision limit. */
  proposal: z.enum([...DECISIONS, 'underwriter']).nullable(),
});
export const RequestDetailEntity = entity(RequestDetailSchema);

export const SpecialCaseItemSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  text: z.string(),
  partnerName: z.string(),
  brandName: z.string(),
  customerName: z.string(),
  nav: z.number().nullable(),
  currencyCode: z.string(),
});
export const SpecialCasesEntity = entityWith(z.object({ count: z.number() }), entity(SpecialCaseItemSchema));
export const SpecialCaseAnsweredEntity = entity(
  z.object({ id: z.string(), status: z.enum(['granted', 'refused']), answer: z.string() }),
);

export const ApplicationItemSchema = z.object({
  id: z.string(),
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  sentAt: z.string(),
  status: z.string(),
  customerName: z.string(),
  partnerName: z.string(),
});
export const ApplicationsEntity = entityWith(z.object({ count: z.number() }), entity(ApplicationItemSchema));
export const ApplicationCheckedEntity = entity(
  z.object({ id: z.string(), state: CalculationStateSchema, referenceCode: z.string().nullable() }),
);

export type QueueItem = z.infer<typeof QueueItemSchema>;
export type QueueEntity = z.infer<typeof QueueEntity>;
export type RequestDetail = z.infer<typeof RequestDetailSchema>;
export type RequestDetailEntity = z.infer<typeof RequestDetailEntity>;
export type SpecialCaseItem = z.infer<typeof SpecialCaseItemSchema>;
export type SpecialCasesEntity = z.infer<typeof SpecialCasesEntity>;
export type SpecialCaseAnsweredEntity = z.infer<typeof SpecialCaseAnsweredEntity>;
export type ApplicationItem = z.infer<typeof ApplicationItemSchema>;
export type ApplicationsEntity = z.infer<typeof ApplicationsEntity>;
export type ApplicationCheckedEntity = z.infer<typeof ApplicationCheckedEntity>;

/** The back office's schemas of requests and special cases (contract.ts). */
export const backofficeEndpoints = {
  specialCases: { answer: SpecialCasesEntity },
  answerSpecialCase: { body: SpecialCaseAnswer, answer: SpecialCaseAnsweredEntity },
  requestQueue: { answer: QueueEntity },
  requestDetail: { answer: RequestDetailEntity },
  decideRequest: { body: DecisionBody, answer: RequestDetailEntity },
  guaranteeReceived: { answer: RequestDetailEntity },
} satisfies Record<string, Binding>;

/** The provider's data load (contract.ts): the body is the file as it is, JSON or xlsx, which the loader checks. */
export const providerDataEndpoints = {
  providerData: {
    query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
    answer: entity(ImportSummary),
  },
} satisfies Record<string, Binding>;
