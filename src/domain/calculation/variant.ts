import { z } from 'zod';
import { Customer, Party } from '../customers/schemas';
import { CALCULATION_DEFAULTS } from './defaults';
import { MAX_OBJECTS, MAX_RENT_FREE_MONTHS, MIN_OBJECT_PRICE } from './engine';
import { PAYMENT_FREQUENCIES, PAYMENT_PLANS } from './billing';
import type { InvalidParam } from '../problems';
import type { CalculateRequest, ConditionList } from './schemas';

/**
 * A calculation variant as the editor saves it, and the save body of a calculation set
 * (portal specification, “Entities and their fields”). The server validates it with these schemas and recalculates it with
 * the engine from the condition list it names; the client's results are never trusted.
 */
const money = z.number().min(0).max(1e9);
const text = (max: number) => z.string().trim().max(max);

export const COUNTED_SERVICE_KINDS = ['bw', 'color', 'scan'] as const;
export type CountedServiceKind = (typeof COUNTED_SERVICE_KINDS)[number];
export const ADDITIONAL_INFO_MAX = 500;

/** Included units per month at a price per unit, and the price of each unit beyond them. */
export const CountedService = z.object({
  baseUseUnit: z.number().int().min(0).max(10_000_000),
  baseUsePrice: money,
  additionalUsePrice: money,
});
export type CountedService = z.infer<typeof CountedService>;

export const FinancingObject = z.object({
  objectId: z.string().min(1).max(50),
  manufacturerId: z.string().max(50).nullable().default(null),
  details: text(200).default(''),
  netPricePerItemAmount: money.min(MIN_OBJECT_PRICE),
  quantity: z.number().int().min(1).max(MAX_OBJECTS).default(CALCULATION_DEFAULTS.objectQuantity),
  /** On the contract only, never on the offer. */
  serialNumber: text(100).default(''),
  countedServices: z.partialRecord(z.enum(COUNTED_SERVICE_KINDS), CountedService).default({}),
});
export type FinancingObject = z.infer<typeof FinancingObject>;

export const GeneralObject = z.object({
  objectType: z.string().min(1).max(50),
  isExternalObjectOverviewProvided: z.boolean().default(false),
});

export const CalculationVariant = z.object({
  name: text(100).default(''),
  conditionListId: z.string().min(1).max(100),
  productId: z.string().min(1).max(100),
  navBasedCalculation: z.boolean(),
  /** The NAV (NAV based) or the instalment (instalment based) the user typed. */
  inputValue: money,
  periodInMonths: z.number().int().min(1).max(120).nullable().default(null),
  advancePaymentAmount: money.default(0),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES).default('monthly'),
  paymentMethod: z.string().min(1).max(30).default(CALCULATION_DEFAULTS.paymentMethod),
  paymentPlan: z.enum(PAYMENT_PLANS).default('none'),
  /** Months without instalments at the start (where the condition list allows it). */
  rentFreeMonths: z.number().int().min(0).max(MAX_RENT_FREE_MONTHS).default(0),
  hasRemitInterimFee: z.boolean().default(false),
  securityDepositAmount: money.default(0),
  handlingFeeAmount: money.default(0),
  recurringServiceAmount: money.default(0),
  isRecurringServiceInPercent: z.boolean().default(false),
  customServiceLevelAgreement: text(200).default(''),
  languageCode: z.string().max(10).default(''),
  additionalOfferInfo: text(ADDITIONAL_INFO_MAX).default(''),
  additionalRequestInfo: text(ADDITIONAL_INFO_MAX).default(''),
  generalObject: GeneralObject.nullable().default(null),
  financingObjects: z.array(FinancingObject).max(MAX_OBJECTS).default([]),
});
export type CalculationVariant = z.infer<typeof CalculationVariant>;

export const CalculationSetSave = z.object({
  calculationVariant: CalculationVariant,
  applicant: Customer.nullable().default(null),
  supplier: Party.nullable().default(null),
  sublessee: Party.nullable().default(null),
  creditAgencyReportIds: z.array(z.string().max(100)).max(10).default([]),
});
export type CalculationSetSave = z.infer<typeof CalculationSetSave>;

export const ObjectListSave = z.object({ financingObjects: z.array(FinancingObject).max(MAX_OBJECTS) });

/** Counted services of one object per month: the included units at their price. */
function countedServiceSets(o: FinancingObject) {
  return COUNTED_SERVICE_KINDS.flatMap((k) => {
    const s = o.countedServices[k];
    return s && s.baseUseUnit > 0 ? [{ pricePerUnit: s.baseUsePrice, unitsPerMonth: s.baseUseUnit }] : [];
  });
}

/**
 * The calculate request of a variant under a condition list: surcharges come from the list
 * (never from the client), specific objects carry their prices, a general object none.
 */
export function toCalculateRequest(v: CalculationVariant, list: ConditionList): CalculateRequest {
  const frequency = list.paymentFrequencies.find((f) => f.code === v.paymentFrequency);
  const method = list.paymentMethods.find((m) => m.code === v.paymentMethod);
  const specific = v.financingObjects.length > 0;
  return {
    navBasedCalculation: v.navBasedCalculation,
    ...(v.navBasedCalculation
      ? { netAcquisitionValueAmount: v.inputValue }
      : { netInstallmentAmount: v.inputValue }),
    advancePaymentAmount: v.advancePaymentAmount,
    paymentIntervalSurchargePercent: frequency?.surchargePercent ?? 0,
    paymentIntervalSurchargeAmount: frequency?.surchargeAmount ?? 0,
    paymentMethodSurchargePercent: method?.surchargePercent ?? 0,
    paymentMethodSurchargeAmount: method?.surchargeAmount ?? 0,
    recurringService: list.hasRecurringServiceFee ? v.recurringServiceAmount : 0,
    paymentFrequency: v.paymentFrequency,
    paymentPlan: v.paymentPlan,
    rentFreeMonths: v.rentFreeMonths,
    handlingFeeAmount: v.handlingFeeAmount,
    productId: v.productId,
    hasSpecificObjects: specific,
    selectedPeriod: v.periodInMonths ?? undefined,
    financingObjects: specific
      ? v.financingObjects.map((o) => ({
          objectTypeId: o.objectId,
          quantity: o.quantity,
          price: o.netPricePerItemAmount,
          countedServiceSets: list.isCountedServicesAvailable ? countedServiceSets(o) : [],
        }))
      : v.generalObject
        ? [{ objectTypeId: v.generalObject.objectType, quantity: 1 }]
        : [],
  };
}

/**
 * The calculate request's fields that carry a variant's field under the engine's name
 * (toCalculateRequest): an error the engine names by the request belongs to the variant's field.
 */
const REQUEST_FIELD_SOURCES = {
  netAcquisitionValueAmount: 'inputValue',
  netInstallmentAmount: 'inputValue',
  recurringService: 'recurringServiceAmount',
  selectedPeriod: 'periodInMonths',
} as const satisfies Partial<Record<keyof CalculateRequest, keyof CalculationVariant>>;

/** The variant's field a calculate request's field (or a variant's own) stands for. */
export const variantFieldOf = (name: string): string =>
  (REQUEST_FIELD_SOURCES as Record<string, string>)[name] ?? name;

/** Fields whose change after a credit decision needs a new request (docs/domain.md section 4). */
const DECIDED_FIELDS = [
  'conditionListId',
  'productId',
  'navBasedCalculation',
  'inputValue',
  'periodInMonths',
  'advancePaymentAmount',
  'paymentFrequency',
  'paymentMethod',
  'paymentPlan',
  'rentFreeMonths',
  'securityDepositAmount',
  'generalObject',
  'financingObjects',
] as const satisfies readonly (keyof CalculationVariant)[];

/** JSON with the keys of every object sorted: a stored (jsonb) payload keeps no key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Serial numbers are entered for the contract, after the decision: they change nothing decided. */
const decided = (v: CalculationVariant) => ({
  ...v,
  financingObjects: v.financingObjects.map(({ serialNumber: _serial, ...o }) => o),
});

export function decidedFieldChanged(before: CalculationVariant, after: CalculationVariant): boolean {
  const [b, a] = [decided(before), decided(after)];
  return DECIDED_FIELDS.some((f) => canonical(b[f]) !== canonical(a[f]));
}

/** What only the offer or the request shows: free to change on a started contract. */
const OFF_CONTRACT_FIELDS = [
  'name',
  'languageCode',
  'additionalOfferInfo',
  'additionalRequestInfo',
] as const satisfies readonly (keyof CalculationVariant)[];

/** The parties a contract names, as the calculation set keeps them. */
export interface ContractParties {
  applicant: Customer | null;
  supplier: Party | null;
  sublessee: Party | null;
}

/**
 * What a contract shows (docs/domain.md, "What a contract shows"): every input of the variant
 * but its name, language and notes, with the customer (without the report flag the server
 * derives from the NAV), the supplier and the sublessee. Migration 030 builds the same shape in SQL.
 */
export function contractFigures(v: CalculationVariant, parties: ContractParties) {
  const variant: Partial<CalculationVariant> = { ...v };
  for (const f of OFF_CONTRACT_FIELDS) delete variant[f];
  const applicant = parties.applicant && { ...parties.applicant };
  if (applicant) delete applicant.isReportRequired;
  return { variant, applicant, supplier: parties.supplier, sublessee: parties.sublessee };
}

/** Whether two sets of contract figures differ (either may be read back from jsonb). */
export const contractFiguresDiffer = (a: unknown, b: unknown) => canonical(a) !== canonical(b);

/** Rules of a variant beyond the engine's: all-in (DAS) contracts need a service agreement. */
export function variantRuleErrors(
  v: Pick<CalculationVariant, 'customServiceLevelAgreement'>,
  list: ConditionList,
) {
  const errors: InvalidParam[] = [];
  if (list.isCountedServicesAvailable && v.customServiceLevelAgreement.trim() === '')
    errors.push({ name: 'customServiceLevelAgreement', reason: 'mandatorySLARequired' });
  return errors;
}
