import { z } from 'zod';
import { BILLING_PERIODS } from '../calculation/billing';
import { CalculationExportQuery, CalculationListQuery } from '../calculation/list';
import { CalculateRequest, ConditionList, ResultRow, ScheduleSegment } from '../calculation/schemas';
import { CalculationSetSave, CalculationVariant, ObjectListSave } from '../calculation/variant';
import { Customer, Party } from '../customers/schemas';
import type { Binding } from './binding';
import {
  Base64File,
  CalculationStateSchema,
  ColourGroupSchema,
  CreditReportSchema,
  ForceUpdateQuery,
  ProfileQuery,
} from './common';
import { entity, listAnswer } from './entity';

/** Answers of the calculation view, calculate, the variants of a set and the calculation list. */
export const ObjectTypeSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The type's name by translated locale, where the provider gives one (else `label`). */
  names: z.record(z.string(), z.string()).optional(),
  softPeriodLimit: z.number(),
  hardPeriodLimit: z.number(),
  countedServicePossible: z.boolean(),
  defaultManufacturerId: z.string().nullable(),
  manufacturers: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const SpecialCaseSchema = z.object({
  status: z.enum(['open', 'granted', 'refused']),
  text: z.string(),
  requestedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});

export const VariantRequestSchema = z.object({
  status: z.enum(['open', 'decided', 'cancelled']),
  decision: z.enum(['approve', 'approveWithGuarantee', 'needInformation', 'decline']).nullable(),
  missingInfo: z.array(z.string()),
  infoText: z.string().nullable(),
  declineReason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** 'instant' for the automatic decision, else the underwriter's user id. */
  decidedBy: z.string().nullable(),
});

export const VariantSummarySchema = z.object({
  calculationVariantId: z.string(),
  name: z.string(),
  position: z.number(),
  state: CalculationStateSchema,
  calculationVariant: CalculationVariant,
  calculationResults: z.array(ResultRow),
});

export const VariantPropertiesSchema = z.object({
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  name: z.string(),
  state: CalculationStateSchema,
  stateColour: ColourGroupSchema,
  isReadOnly: z.boolean(),
  isLocked: z.boolean(),
  currencyCode: z.string(),
  /** Where the set was made: in the portal or through the leasing API. */
  source: z.enum(['portal', 'leasingApi']),
  lastEdited: z.string(),
  lastSaved: z.object({ at: z.string(), by: z.string().nullable() }),
  etag: z.string(),
  calculationVariant: CalculationVariant,
  calculationResults: z.array(ResultRow),
  quoteNote: z.string(),
  nonBindingQuoteNote: z.string(),
  /** The choice of the offer being made (its last document), until it is sent. */
  offer: z.object({ periods: z.array(z.number()), languageCode: z.string().nullable() }),
  specialCaseRequested: z.boolean(),
  specialCase: SpecialCaseSchema.nullable(),
  /** Why a request could not be sent now: the keys the server would refuse it with. */
  requestBlockers: z.array(z.string()),
  request: VariantRequestSchema.nullable(),
  /** The newest contract start and the provider's check of it. */
  application: z
    .object({
      status: z.enum(['open', 'complete', 'missing', 'cancelled']),
      missingDocuments: z.array(z.string()),
      infoText: z.string().nullable(),
      referenceCode: z.string().nullable(),
    })
    .nullable(),
  /** One customer signee after an instant decision, a joint signature of two otherwise. */
  maxCustomerSignees: z.number(),
  applicant: Customer.nullable(),
  supplier: Party.nullable(),
  sublessee: Party.nullable(),
  creditAgencyReportIds: z.array(z.string()),
  /** The reports the partner recorded for the applicant's company, newest first. */
  creditReports: z.array(CreditReportSchema),
  variants: z.array(VariantSummarySchema),
});
export const VariantEntity = entity(VariantPropertiesSchema);

export const CalculationViewEntity = entity(
  z.object({
    calculationProfile: z.object({
      userProfileId: z.string(),
      brandName: z.string(),
      isReadOnly: z.boolean(),
      isNewCalculationPossible: z.boolean(),
      currencyCode: z.string(),
    }),
    applicationSettings: z.record(z.string(), z.union([z.string(), z.number()])),
    /** What the caller may do on every screen, the start screen included, and the portal's settings the editor keeps to. */
    globalAndDashboardSettings: z.object({
      /** The partner's calculations, not only the caller's own. */
      hasGlobalAccess: z.boolean(),
      isAdmin: z.boolean(),
      isExcelDownloadPermitted: z.boolean(),
      /** How long a link sent to the customer stays open. */
      offerLinkValidDays: z.number().int().positive(),
    }),
    /** The dealer the calculation is made for, as its offers and forms show it. */
    partnerView: z.object({
      businessPartnerId: z.string(),
      businessPartnerName: z.string(),
      /** The country its customers' forms start in. */
      countryIso: z.string(),
      /** The languages it works in: its offers are written in these, kept to the condition list's. */
      languages: z.array(z.string()),
      enabledFeatures: z.array(z.string()),
    }),
    conditionLists: z.array(ConditionList),
    /** The list a saved variant was calculated with, when it is no longer offered (a newer version replaced it). */
    variantConditionList: ConditionList.optional(),
    objectTypes: z.array(ObjectTypeSchema),
    variant: VariantEntity.nullable(),
  }),
);

export const CalculateEntity = entity(z.object({ conditionListId: z.string(), results: z.array(ResultRow) }));

export const CalculationListItemSchema = z.object({
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  lastEdited: z.string(),
  /** The leading variant's name ("Variant name"); may be empty. */
  name: z.string(),
  applicantName: z.string(),
  sublesseeName: z.string(),
  isSubLease: z.boolean(),
  referenceCode: z.string().nullable(),
  state: CalculationStateSchema,
  stateColour: ColourGroupSchema,
  currencyCode: z.string(),
  ownerName: z.string(),
  netAcquisitionValueAmount: z.number().nullable(),
  periodInMonths: z.number().nullable(),
  /** Per billing period, which the row names. */
  totalInstallmentAmount: z.number().nullable(),
  billingPeriod: z.enum(BILLING_PERIODS),
  monthlyTotalInstallmentAmount: z.number().nullable(),
  /** A payment plan's runs of instalments (empty without one): the row heads with what is paid. */
  schedule: z.array(ScheduleSegment).default([]),
});

export const CalculationListEntity = listAnswer(CalculationListItemSchema, CalculationStateSchema);

export type ObjectType = z.infer<typeof ObjectTypeSchema>;
export type SpecialCase = z.infer<typeof SpecialCaseSchema>;
export type VariantRequest = z.infer<typeof VariantRequestSchema>;
export type VariantSummary = z.infer<typeof VariantSummarySchema>;
export type VariantProperties = z.infer<typeof VariantPropertiesSchema>;
export type VariantEntity = z.infer<typeof VariantEntity>;
export type CalculateEntity = z.infer<typeof CalculateEntity>;
export type CalculationViewEntity = z.infer<typeof CalculationViewEntity>;
export type CalculationViewProperties = CalculationViewEntity['properties'];
export type CalculationListItem = z.infer<typeof CalculationListItemSchema>;
export type CalculationListEntity = z.infer<typeof CalculationListEntity>;

/** The calculation endpoints' schemas (contract.ts). */
export const calculationEndpoints = {
  calculationView: {
    query: z.object({
      calculationSetId: z.string().max(100).optional(),
      calculationVariantId: z.string().max(100).optional(),
    }),
    answer: CalculationViewEntity,
  },
  calculate: {
    params: z.object({ conditionListId: z.string().min(1).max(100) }),
    query: ProfileQuery,
    body: CalculateRequest,
    answer: CalculateEntity,
  },
  calculationList: { query: CalculationListQuery, answer: CalculationListEntity },
  calculationListExcel: { query: CalculationExportQuery, answer: Base64File },
  createSet: { query: ProfileQuery, body: CalculationSetSave, answer: VariantEntity, status: 201 },
  variant: { answer: VariantEntity },
  saveVariant: { query: ForceUpdateQuery, body: CalculationSetSave, answer: VariantEntity },
  saveApplicant: {
    query: ForceUpdateQuery.extend({ companyCountryISO: z.string().length(2).optional() }),
    body: Customer,
    answer: VariantEntity,
  },
  saveObjectList: { query: ForceUpdateQuery, body: ObjectListSave, answer: VariantEntity },
  addVariant: {
    body: z.object({
      copyOf: z.string().max(100).optional(),
      calculationVariant: CalculationVariant.optional(),
    }),
    answer: VariantEntity,
    status: 201,
  },
  deleteVariant: { status: 204 },
} satisfies Record<string, Binding>;
