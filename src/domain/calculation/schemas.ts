import { z } from 'zod';
import { BILLING_PERIODS, PAYMENT_FREQUENCIES, PAYMENT_PLANS } from './billing';

/**
 * Condition lists and the calculate call (docs/domain.md sections 2 and 3).
 * The same schemas validate the server's bodies and travel to the client for the offline
 * engine.
 */
const money = z.number().min(0).max(1e9);
const percent = z.number().min(0).max(100);

export const Surcharge = z.object({ code: z.string(), surchargePercent: percent, surchargeAmount: money });

export const RateBand = z.object({
  navFrom: money,
  navTo: money,
  annualRatePercent: z.number().min(0).max(100),
});

/**
 * A product type that names DAS (the all-in document and print services) enables counted services
 * (copies, colour copies, scans): where the provider does not say, its lists have them.
 */
export const productTypeHasCountedServices = (productType: string) => /\bDAS\b/.test(productType);

export const ConditionList = z.object({
  id: z.string(),
  productId: z.string(),
  productType: z.string(),
  /** The product's name by locale (en-IE, de-DE, sv-SE), where the provider gives them. */
  productTypeNames: z.record(z.string(), z.string()).optional(),
  /** The locales its documents (offer, contract) are written in; none: any of the partner's. */
  languages: z.array(z.string()).optional(),
  /** VA full payout, TA partial payout (residual value), MK rental. */
  contractTypeCode: z.enum(['VA', 'TA', 'MK']),
  commission: percent,
  residualValue: percent,
  hasRepurchase: z.boolean(),
  hasRecurringServiceFee: z.boolean(),
  isCountedServicesAvailable: z.boolean(),
  maintenanceFeeType: z.enum(['percent', 'amount']),
  navMinimum: money,
  navUpperLimit: money,
  periods: z.array(z.number().int().min(1).max(120)).min(1),
  defaultPeriod: z.number().int(),
  rateBands: z.array(RateBand).min(1),
  damageWaiverPercent: percent,
  paymentFrequencies: z.array(Surcharge).min(1),
  paymentMethods: z.array(Surcharge).min(1),
  handlingFee: z.object({ allowed: z.boolean(), amount: money }),
  advancePaymentMaxPercent: percent,
  /** The currency of the list's amounts (limits, fees, the report threshold); the brand's when missing. */
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** A credit-agency report is required above this NAV (absent: its currency's default, thresholds.ts). */
  creditReportRequiredAbove: money.optional(),
  /** The longest rent-free start this list allows (0 or absent: none). */
  maxRentFreeMonths: z.number().int().min(0).max(12).optional(),
});
export type ConditionList = z.infer<typeof ConditionList>;

export const CountedServiceSet = z.object({
  pricePerUnit: money,
  unitsPerMonth: z.number().int().min(0).max(10_000_000),
});

export const CalculateObject = z.object({
  objectTypeId: z.string().min(1),
  quantity: z.number().int().min(1).max(999).default(1),
  /** Net price per item; absent for the general financing object. */
  price: money.optional(),
  serialNumber: z.string().max(100).optional(),
  countedServiceSets: z.array(CountedServiceSet).max(3).optional(),
});
export type CalculateObject = z.input<typeof CalculateObject>;

/** Period limits of an object type, in months. */
export interface PeriodLimits {
  softPeriodLimit: number;
  hardPeriodLimit: number;
}

export const CalculateRequest = z.object({
  navBasedCalculation: z.boolean(),
  netAcquisitionValueAmount: money.optional(),
  netInstallmentAmount: money.optional(),
  advancePaymentAmount: money.default(0),
  paymentIntervalSurchargePercent: percent.default(0),
  paymentIntervalSurchargeAmount: money.default(0),
  paymentMethodSurchargePercent: percent.default(0),
  paymentMethodSurchargeAmount: money.default(0),
  /** The recurring service fee: an amount per month, or a percent of the net instalment. */
  recurringService: z.number().max(1e9).default(0),
  handlingFeeAmount: money.default(0),
  productId: z.string().min(1),
  /** Whether the objects are specific ones with prices (their sum must be the NAV). */
  hasSpecificObjects: z.boolean().default(false),
  selectedPeriod: z.number().int().optional(),
  financingObjects: z.array(CalculateObject).max(1000).default([]),
  /** The instalment is quoted per billing period of this frequency (monthly when absent). */
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES).default('monthly'),
  paymentPlan: z.enum(PAYMENT_PLANS).default('none'),
  /** Months without instalments at the start (0 to 12, where the list allows it). */
  rentFreeMonths: z.number().int().min(0).max(120).default(0),
  /** The calendar month (1–12) the contract starts in, for the season plans; next month when absent. */
  contractStartMonth: z.number().int().min(1).max(12).optional(),
});
export type CalculateRequest = z.input<typeof CalculateRequest>;

export const ScheduleSegment = z.object({
  fromInstallment: z.number().int(),
  toInstallment: z.number().int(),
  totalInstallmentAmount: z.number(),
});

export const ResultRow = z.object({
  periodInMonths: z.number().int(),
  netAcquisitionValueAmount: z.number(),
  netAcquisitionInstallmentAmount: z.number(),
  serviceInstallmentAmount: z.number(),
  damageWaiverAmount: z.number(),
  totalInstallmentAmount: z.number(),
  /** What every amount of the row is per (results saved before billing periods: a month). */
  billingPeriod: z.enum(BILLING_PERIODS).default('month'),
  numberOfInstallments: z.number().int().optional(),
  /** The total instalment as much a month, shown beside a quarterly or daily one. */
  monthlyTotalInstallmentAmount: z.number().optional(),
  /** The first instalment of the plan (the level one without a plan). */
  firstInstallmentAmount: z.number().optional(),
  /** The plan's instalments, in runs of equal ones; empty without a plan. */
  schedule: z.array(ScheduleSegment).default([]),
  periodLimit: z.enum(['soft', 'hard']).nullable(),
  isSelected: z.boolean(),
  default: z.boolean(),
});
export type ResultRow = z.infer<typeof ResultRow>;
