import { z } from 'zod';
import { BILLING_PERIODS, PAYMENT_FREQUENCIES } from '../calculation/billing';
import { ScheduleSegment } from '../calculation/schemas';
import { ColourGroupSchema, ContractStateSchema } from './common';
import {
  AssignContractBody,
  ContractExportQuery,
  ContractListQuery,
  ContractParams,
  RedemptionOfferBody,
} from '../contracts';
import type { Binding } from './binding';
import { Base64File } from './common';
import { entity, listAnswer } from './entity';

/** Answers of the contracts: the list, one contract, assigning it, the redemption offer. */
export const ContractListItemSchema = z.object({
  contractId: z.string(),
  referenceCode: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  customerName: z.string(),
  isSubLease: z.boolean(),
  subLesseeName: z.string(),
  state: ContractStateSchema,
  stateColour: ColourGroupSchema,
  userProfileId: z.string(),
  ownerName: z.string(),
  /** What the customer pays per billing period, and that as much a month. */
  instalment: z.number(),
  billingPeriod: z.enum(BILLING_PERIODS),
  monthlyInstalment: z.number(),
  /** A payment plan's runs of instalments (empty without one): the contract heads with what is paid. */
  schedule: z.array(ScheduleSegment).default([]),
  periodInMonths: z.number().nullable(),
  currencyCode: z.string(),
});

export const ContractDetailSchema = ContractListItemSchema.extend({
  /** The number the customer knows the contract by: its reference code. */
  number: z.string(),
  /** Months from start to end date. */
  duration: z.number().nullable(),
  /** A rent-free start: the first instalment falls due this many months after the start. */
  rentFreeMonths: z.number().default(0),
  nav: z.number(),
  annualRatePercent: z.number(),
  residualValue: z.number(),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  returnedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  lastRedemptionOfferAt: z.string().nullable(),
  calculationSetId: z.string().nullable(),
  calculationVariantId: z.string().nullable(),
});

export const ContractListEntity = listAnswer(ContractListItemSchema, ContractStateSchema);

export const ContractEntity = entity(
  z.object({
    contract: ContractDetailSchema,
    /** The terms the contract was calculated with. */
    calculationProfile: z.object({
      calculationSetId: z.string().nullable(),
      calculationVariantId: z.string().nullable(),
      currencyCode: z.string(),
      netAcquisitionValueAmount: z.number(),
      instalment: z.number(),
      periodInMonths: z.number().nullable(),
      paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
      annualRatePercent: z.number(),
      residualValue: z.number(),
    }),
  }),
);

export const ContractAssigneeSchema = z.object({ userProfileId: z.string(), name: z.string() });
export const AssigneesEntity = entity(z.object({ assignees: z.array(ContractAssigneeSchema) }));
export const AssignmentEntity = entity(
  z.object({ referenceCode: z.string(), userProfileId: z.string(), ownerName: z.string() }),
);

export const RedemptionOfferEntity = entity(
  z.object({
    referenceCode: z.string(),
    customerName: z.string(),
    subLesseeName: z.string(),
    state: ContractStateSchema,
    currencyCode: z.string(),
    /** The basis of the amount: the net instalment per billing period. */
    instalment: z.number(),
    paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
    annualRatePercent: z.number(),
    residualValue: z.number(),
    instalments: z.number(),
    paidInstalments: z.number(),
    date: z.string(),
    validUntil: z.string(),
    /** N - k instalments still to pay; the next of them (due now), and all as runs. */
    remainingInstalments: z.number(),
    paymentAmount: z.number(),
    remainingSchedule: z.array(ScheduleSegment),
    /** The remaining instalments, paid in advance, discounted at the contract's rate. */
    instalmentsPresentValue: z.number(),
    /** The residual value, due with the last instalment's period, discounted alike. */
    residualValuePresentValue: z.number(),
    /** 1 % of the two, at least the currency's minimum (domain/calculation/thresholds.ts). */
    fee: z.number(),
    total: z.number(),
    recipient: z.string().nullable(),
    statementMaxLength: z.number(),
  }),
);

export const RedemptionSentEntity = entity(
  z.object({
    referenceCode: z.string(),
    sent: z.boolean(),
    recipient: z.string(),
    documentId: z.string(),
    fileName: z.string(),
    total: z.number(),
    currencyCode: z.string(),
    validUntil: z.string(),
  }),
);

export type ContractListItem = z.infer<typeof ContractListItemSchema>;
export type ContractDetail = z.infer<typeof ContractDetailSchema>;
export type ContractListEntity = z.infer<typeof ContractListEntity>;
export type ContractEntity = z.infer<typeof ContractEntity>;
export type ContractAssignee = z.infer<typeof ContractAssigneeSchema>;
export type AssigneesEntity = z.infer<typeof AssigneesEntity>;
export type AssignmentEntity = z.infer<typeof AssignmentEntity>;
export type RedemptionOfferEntity = z.infer<typeof RedemptionOfferEntity>;
export type RedemptionSentEntity = z.infer<typeof RedemptionSentEntity>;

/** The contract endpoints' schemas (contract.ts). */
export const contractEndpoints = {
  contracts: { query: ContractListQuery, answer: ContractListEntity },
  contractsExcel: { query: ContractExportQuery, answer: Base64File },
  contractAssignees: { answer: AssigneesEntity },
  contract: { params: ContractParams, answer: ContractEntity },
  assignContract: { params: ContractParams, body: AssignContractBody, answer: AssignmentEntity },
  redemptionOffer: { params: ContractParams, answer: RedemptionOfferEntity },
  sendRedemptionOffer: { params: ContractParams, body: RedemptionOfferBody, answer: RedemptionSentEntity },
} satisfies Record<string, Binding>;
