import { CALCULATION_DEFAULTS } from './defaults';
import { formatAmount, parseAmount, reader, type DecimalSeparator } from './amounts';
import { D } from './billing';
import { productNameOf } from './names';
import {
  advancePaymentTooHigh,
  CALCULATION_ERRORS,
  MAX_OBJECTS,
  MIN_OBJECT_PRICE,
  navRangeError,
  objectPriceTooLow,
  objectsSumToNav,
  objectsTotalOf,
} from './engine';
import type { ConditionList } from './schemas';
import {
  COUNTED_SERVICE_KINDS,
  type CalculationVariant,
  type CountedServiceKind,
  type FinancingObject,
  variantRuleErrors,
} from './variant';

/**
 * The editor's rules (portal specification, “States and transitions” and “Validation rules”): how contract type, residual value, commission
 * and repurchase pick a condition list, which fields show, and which inputs are invalid before
 * anything is sent. The draft holds what the user typed (text for numbers); the variant is what
 * the server receives.
 */
export interface CountedServiceDraft {
  baseUseUnit: string;
  baseUsePrice: string;
  additionalUsePrice: string;
}

export interface ObjectDraft {
  /** Stable key of the row in the editor. */
  key: string;
  objectId: string;
  manufacturerId: string;
  details: string;
  price: string;
  quantity: string;
  serialNumber: string;
  countedServices: Record<CountedServiceKind, CountedServiceDraft>;
}

export interface Draft {
  /** How the numbers in this draft are written (the locale they were typed in). */
  decimalSeparator: DecimalSeparator;
  name: string;
  /**
   * The condition list of the selection below, as snapToLists chose it ('' when the lists offer
   * none): whatever reads the draft takes its list from here (listOf), never chooses again.
   */
  conditionListId: string;
  productId: string;
  residualValue: number;
  commission: number;
  hasRepurchase: boolean;
  navBasedCalculation: boolean;
  inputValue: string;
  periodInMonths: number | null;
  advancePaymentAmount: string;
  paymentFrequency: CalculationVariant['paymentFrequency'];
  paymentMethod: string;
  paymentPlan: CalculationVariant['paymentPlan'];
  rentFreeMonths: number;
  hasRemitInterimFee: boolean;
  securityDepositAmount: string;
  handlingFeeAmount: string;
  recurringServiceAmount: string;
  customServiceLevelAgreement: string;
  additionalOfferInfo: string;
  additionalRequestInfo: string;
  generalObjectType: string;
  isExternalObjectOverviewProvided: boolean;
  financingObjects: ObjectDraft[];
}

export { decimalSeparatorOf, parseAmount, type DecimalSeparator } from './amounts';

// --- Condition lists -------------------------------------------------------------------------

export interface ListChoice {
  list: ConditionList | undefined;
  /** The selection after snapping to what the lists offer. */
  productId: string;
  residualValue: number;
  commission: number;
  hasRepurchase: boolean;
  residualValues: number[];
  commissions: number[];
  showResidualValue: boolean;
  showCommission: boolean;
  showRepurchase: boolean;
}

const distinct = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Contract types (products) of the lists, in the order the lists come. */
export function contractTypesOf(
  lists: ConditionList[],
  locale: string,
): { productId: string; productType: string }[] {
  const seen = new Map<string, string>();
  for (const l of lists) if (!seen.has(l.productId)) seen.set(l.productId, productNameOf(l, locale));
  return [...seen].map(([productId, productType]) => ({ productId, productType }));
}

/**
 * The condition list of a selection: a residual value not offered snaps to the nearest (TA) or
 * the first; a commission not offered falls back to the first; repurchase only where offered.
 */
export function chooseList(
  lists: ConditionList[],
  want: Pick<Draft, 'productId' | 'residualValue' | 'commission' | 'hasRepurchase'>,
): ListChoice {
  const productId = lists.some((l) => l.productId === want.productId)
    ? want.productId
    : (lists[0]?.productId ?? '');
  const ofProduct = lists.filter((l) => l.productId === productId);
  const isTA = ofProduct[0]?.contractTypeCode === 'TA';
  const residualValues = distinct(ofProduct.map((l) => l.residualValue));
  const residualValue = residualValues.includes(want.residualValue)
    ? want.residualValue
    : isTA
      ? residualValues.reduce(
          (best, rv) => (Math.abs(rv - want.residualValue) < Math.abs(best - want.residualValue) ? rv : best),
          residualValues[0] ?? 0,
        )
      : (residualValues[0] ?? 0);
  const ofResidual = ofProduct.filter((l) => l.residualValue === residualValue);
  const commissions = distinct(ofResidual.map((l) => l.commission));
  const commission = commissions.includes(want.commission) ? want.commission : (commissions[0] ?? 0);
  const ofCommission = ofResidual.filter((l) => l.commission === commission);
  const showRepurchase = ofCommission.some((l) => l.hasRepurchase);
  const hasRepurchase = showRepurchase && want.hasRepurchase;
  const list =
    ofCommission.find((l) => l.hasRepurchase === hasRepurchase) ??
    ofCommission[0] ??
    ofProduct[0] ??
    undefined;
  return {
    list,
    productId,
    residualValue,
    commission,
    hasRepurchase,
    residualValues,
    commissions,
    showResidualValue: isTA,
    showCommission: commissions.length > 1,
    showRepurchase,
  };
}

/**
 * The draft as the lists on offer allow it: contract type, residual value, commission and
 * repurchase snap to a list (chooseList); a period the list lacks falls back to its default, a
 * payment frequency it lacks to monthly, a payment method to its first; rent-free months are
 * capped at the list's (drafts kept before they existed have none).
 */
export function snapToLists(draft: Draft, lists: ConditionList[]): Draft {
  const choice = chooseList(lists, draft);
  const list = choice.list;
  const period =
    list && draft.periodInMonths !== null && list.periods.includes(draft.periodInMonths)
      ? draft.periodInMonths
      : (list?.defaultPeriod ?? null);
  const frequencyOffered = list?.paymentFrequencies.some((f) => f.code === draft.paymentFrequency) ?? true;
  const methodOffered = list?.paymentMethods.some((m) => m.code === draft.paymentMethod) ?? true;
  return {
    ...draft,
    conditionListId: list?.id ?? '',
    productId: choice.productId,
    residualValue: choice.residualValue,
    commission: choice.commission,
    hasRepurchase: choice.hasRepurchase,
    periodInMonths: period,
    paymentFrequency: frequencyOffered ? draft.paymentFrequency : 'monthly',
    rentFreeMonths: Math.min(draft.rentFreeMonths ?? 0, list?.maxRentFreeMonths ?? 0),
    paymentMethod: methodOffered
      ? draft.paymentMethod
      : (list?.paymentMethods[0]?.code ?? draft.paymentMethod),
  };
}

/** The draft's condition list, as snapToLists chose it. */
export const listOf = (lists: readonly ConditionList[], draft: Pick<Draft, 'conditionListId'>) =>
  lists.find((l) => l.id === draft.conditionListId);

// --- Drafts and variants -----------------------------------------------------------------------

let keySeq = 0;
export const newKey = () => `o${++keySeq}`;

const emptyCounted = (): Record<CountedServiceKind, CountedServiceDraft> =>
  Object.fromEntries(
    COUNTED_SERVICE_KINDS.map((k) => [k, { baseUseUnit: '', baseUsePrice: '', additionalUsePrice: '' }]),
  ) as Record<CountedServiceKind, CountedServiceDraft>;

export function newObject(
  objectId: string,
  manufacturerId: string,
  price: number,
  decimal: DecimalSeparator = '.',
): ObjectDraft {
  return {
    key: newKey(),
    objectId,
    manufacturerId,
    details: '',
    price: formatAmount(price, decimal),
    quantity: String(CALCULATION_DEFAULTS.objectQuantity),
    serialNumber: '',
    countedServices: emptyCounted(),
  };
}

/** The default price of a new object: the NAV minus what the objects already hold, at least 1. */
export function defaultObjectPrice(draft: Draft): number {
  const nav = draft.navBasedCalculation ? reader(draft).amount(draft.inputValue) : 0;
  return Math.max(MIN_OBJECT_PRICE, new D(nav).minus(objectsTotal(draft)).toNumber());
}

/** The objects as the engine prices them: each price in cents, whole quantities. */
const pricedObjects = (draft: Draft) => {
  const { amount, parse } = reader(draft);
  return draft.financingObjects.map((o) => ({ price: amount(o.price), quantity: parse(o.quantity) ?? 1 }));
};

export const objectsTotal = (draft: Draft): number => objectsTotalOf(pricedObjects(draft)).toNumber();

export function newDraft(
  lists: ConditionList[],
  generalObjectType: string,
  decimal: DecimalSeparator = '.',
): Draft {
  const first = lists[0];
  return {
    decimalSeparator: decimal,
    name: '',
    conditionListId: first?.id ?? '',
    productId: first?.productId ?? '',
    residualValue: first?.residualValue ?? 0,
    commission: first?.commission ?? 0,
    hasRepurchase: false,
    navBasedCalculation: true,
    inputValue: '',
    periodInMonths: first?.defaultPeriod ?? null,
    advancePaymentAmount: '',
    paymentFrequency: 'monthly',
    paymentMethod: CALCULATION_DEFAULTS.paymentMethod,
    paymentPlan: 'none',
    rentFreeMonths: 0,
    hasRemitInterimFee: false,
    securityDepositAmount: '',
    handlingFeeAmount: '',
    recurringServiceAmount: '',
    customServiceLevelAgreement: '',
    additionalOfferInfo: '',
    additionalRequestInfo: '',
    generalObjectType,
    isExternalObjectOverviewProvided: false,
    financingObjects: [],
  };
}

export function draftOf(
  v: CalculationVariant,
  lists: ConditionList[],
  decimal: DecimalSeparator = '.',
): Draft {
  const list = lists.find((l) => l.id === v.conditionListId);
  const text = (n: number) => (n ? formatAmount(n, decimal) : '');
  return {
    decimalSeparator: decimal,
    name: v.name,
    conditionListId: v.conditionListId,
    productId: v.productId,
    residualValue: list?.residualValue ?? 0,
    commission: list?.commission ?? 0,
    hasRepurchase: list?.hasRepurchase ?? false,
    navBasedCalculation: v.navBasedCalculation,
    inputValue: formatAmount(v.inputValue, decimal),
    periodInMonths: v.periodInMonths,
    advancePaymentAmount: text(v.advancePaymentAmount),
    paymentFrequency: v.paymentFrequency,
    paymentMethod: v.paymentMethod,
    paymentPlan: v.paymentPlan,
    rentFreeMonths: v.rentFreeMonths ?? 0,
    hasRemitInterimFee: v.hasRemitInterimFee,
    securityDepositAmount: text(v.securityDepositAmount),
    handlingFeeAmount: text(v.handlingFeeAmount),
    recurringServiceAmount: text(v.recurringServiceAmount),
    customServiceLevelAgreement: v.customServiceLevelAgreement,
    additionalOfferInfo: v.additionalOfferInfo,
    additionalRequestInfo: v.additionalRequestInfo,
    generalObjectType: v.generalObject?.objectType ?? '',
    isExternalObjectOverviewProvided: v.generalObject?.isExternalObjectOverviewProvided ?? false,
    financingObjects: v.financingObjects.map((o) => ({
      key: newKey(),
      objectId: o.objectId,
      manufacturerId: o.manufacturerId ?? '',
      details: o.details,
      price: formatAmount(o.netPricePerItemAmount, decimal),
      quantity: String(o.quantity),
      serialNumber: o.serialNumber,
      countedServices: Object.fromEntries(
        COUNTED_SERVICE_KINDS.map((k) => {
          const s = o.countedServices[k];
          return [
            k,
            {
              baseUseUnit: s ? text(s.baseUseUnit) : '',
              baseUsePrice: s ? text(s.baseUsePrice) : '',
              additionalUsePrice: s ? text(s.additionalUsePrice) : '',
            },
          ];
        }),
      ) as Record<CountedServiceKind, CountedServiceDraft>,
    })),
  };
}

function objectOf(
  o: ObjectDraft,
  counted: boolean,
  { amount, parse }: ReturnType<typeof reader>,
): FinancingObject {
  const services: FinancingObject['countedServices'] = {};
  if (counted)
    for (const k of COUNTED_SERVICE_KINDS) {
      const s = o.countedServices[k];
      const units = Math.trunc(amount(s.baseUseUnit));
      if (units > 0 || amount(s.baseUsePrice) > 0)
        services[k] = {
          baseUseUnit: units,
          baseUsePrice: amount(s.baseUsePrice),
          additionalUsePrice: amount(s.additionalUsePrice),
        };
    }
  return {
    objectId: o.objectId,
    manufacturerId: o.manufacturerId || null,
    details: o.details.trim(),
    netPricePerItemAmount: amount(o.price),
    quantity: Math.trunc(parse(o.quantity) ?? 1),
    serialNumber: o.serialNumber.trim(),
    countedServices: services,
  };
}

/** What the server receives: numbers parsed, hidden fields cleared, the chosen list named. */
export function variantOf(draft: Draft, list: ConditionList): CalculationVariant {
  const read = reader(draft);
  const { amount } = read;
  return {
    name: draft.name.trim(),
    conditionListId: list.id,
    productId: list.productId,
    navBasedCalculation: draft.navBasedCalculation,
    inputValue: amount(draft.inputValue),
    periodInMonths: draft.periodInMonths,
    advancePaymentAmount: amount(draft.advancePaymentAmount),
    paymentFrequency: draft.paymentFrequency,
    paymentMethod: draft.paymentMethod,
    paymentPlan: draft.paymentPlan,
    rentFreeMonths: draft.rentFreeMonths,
    hasRemitInterimFee: draft.hasRemitInterimFee,
    securityDepositAmount: amount(draft.securityDepositAmount),
    handlingFeeAmount: list.handlingFee.allowed ? amount(draft.handlingFeeAmount) : 0,
    recurringServiceAmount: list.hasRecurringServiceFee ? amount(draft.recurringServiceAmount) : 0,
    isRecurringServiceInPercent: list.maintenanceFeeType === 'percent',
    customServiceLevelAgreement: draft.customServiceLevelAgreement.trim(),
    languageCode: '',
    additionalOfferInfo: draft.additionalOfferInfo.trim(),
    additionalRequestInfo: draft.additionalRequestInfo.trim(),
    generalObject:
      draft.financingObjects.length === 0 && draft.generalObjectType
        ? {
            objectType: draft.generalObjectType,
            isExternalObjectOverviewProvided: draft.isExternalObjectOverviewProvided,
          }
        : null,
    financingObjects: draft.financingObjects.map((o) => objectOf(o, list.isCountedServicesAvailable, read)),
  };
}

// --- Validation --------------------------------------------------------------------------------

/** Field path → message key ('validation.required' or a 'calculation.errors.*' reason). */
export type FieldErrors = Record<string, string>;
export const REQUIRED = 'required';

/**
 * The checks the editor makes before it asks the server (portal specification, “Validation rules”). The list's limits
 * are the engine's own rules, applied to the amounts the draft would send (rounded to cents).
 */
export function validateDraft(draft: Draft, list: ConditionList | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const { amount, parse: parseAmount } = reader(draft);
  if (!list) {
    errors.productId = CALCULATION_ERRORS.noConditionListForProduct;
    return errors;
  }
  const input = parseAmount(draft.inputValue);
  const sent = amount(draft.inputValue);
  if (draft.inputValue.trim() === '') errors.inputValue = REQUIRED;
  else if (input === undefined) errors.inputValue = 'invalidNumber';
  else if (input < 0) errors.inputValue = 'mustNotBeNegative';
  else if (draft.navBasedCalculation) {
    const range = navRangeError(sent, list);
    if (range) errors.inputValue = range;
  } else if (sent === 0) errors.inputValue = CALCULATION_ERRORS.factorZero;

  for (const field of ['advancePaymentAmount', 'securityDepositAmount', 'handlingFeeAmount'] as const) {
    const v = draft[field].trim();
    if (v === '') continue;
    const n = parseAmount(v);
    if (n === undefined) errors[field] = 'invalidNumber';
    else if (n < 0) errors[field] = 'mustNotBeNegative';
  }
  const fee = draft.recurringServiceAmount.trim();
  if (fee !== '' && parseAmount(fee) === undefined) errors.recurringServiceAmount = 'invalidNumber';
  else if (fee !== '' && parseAmount(fee)! < 0)
    errors.recurringServiceAmount = CALCULATION_ERRORS.maintenanceFeeNegative;
  else if (list.maintenanceFeeType === 'percent' && amount(fee) > 100)
    errors.recurringServiceAmount = 'percentTooHigh';

  // All-in (DAS) contracts need the maintenance fee and a service agreement.
  if (list.isCountedServicesAvailable) {
    if (list.hasRecurringServiceFee && fee === '') errors.recurringServiceAmount ??= REQUIRED;
    for (const e of variantRuleErrors(draft, list)) errors[e.name] = e.reason;
  }

  const nav = draft.navBasedCalculation && input !== undefined ? sent : undefined;
  if (
    nav !== undefined &&
    !errors.advancePaymentAmount &&
    advancePaymentTooHigh(amount(draft.advancePaymentAmount), nav, list)
  )
    errors.advancePaymentAmount = CALCULATION_ERRORS.advancePaymentTooHigh;

  if (draft.financingObjects.length === 0 && !draft.generalObjectType) errors.generalObjectType = REQUIRED;
  let items = 0;
  draft.financingObjects.forEach((o, k) => {
    if (!o.objectId) errors[`financingObjects.${k}.objectId`] = REQUIRED;
    const price = parseAmount(o.price);
    if (o.price.trim() === '') errors[`financingObjects.${k}.price`] = REQUIRED;
    else if (price === undefined) errors[`financingObjects.${k}.price`] = 'invalidNumber';
    else if (objectPriceTooLow(amount(o.price)))
      errors[`financingObjects.${k}.price`] = CALCULATION_ERRORS.objectPriceTooLow;
    const quantity = parseAmount(o.quantity);
    if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1)
      errors[`financingObjects.${k}.quantity`] = 'invalidNumber';
    items += quantity ?? 0;
  });
  if (items > MAX_OBJECTS) errors.financingObjects = CALCULATION_ERRORS.tooManyObjects;
  else if (
    draft.financingObjects.length > 0 &&
    nav !== undefined &&
    !Object.keys(errors).some((k) => k.startsWith('financingObjects.')) &&
    !objectsSumToNav(pricedObjects(draft), nav)
  )
    errors.financingObjects = CALCULATION_ERRORS.objectSumInvalid;
  return errors;
}

const NUMERIC_FIELDS = [
  'inputValue',
  'advancePaymentAmount',
  'securityDepositAmount',
  'handlingFeeAmount',
  'recurringServiceAmount',
] as const;

/** The draft's numbers rewritten for another locale (the language was switched while editing). */
export function relocaleDraft(draft: Draft, decimal: DecimalSeparator): Draft {
  if (draft.decimalSeparator === decimal) return draft;
  const convert = (text: string) => {
    const n = parseAmount(text, draft.decimalSeparator);
    return n === undefined ? text : formatAmount(n, decimal);
  };
  const next: Draft = { ...draft, decimalSeparator: decimal };
  for (const f of NUMERIC_FIELDS) next[f] = convert(draft[f]);
  next.financingObjects = draft.financingObjects.map((o) => ({
    ...o,
    price: convert(o.price),
    countedServices: Object.fromEntries(
      COUNTED_SERVICE_KINDS.map((k) => {
        const c = o.countedServices[k];
        return [
          k,
          { ...c, baseUsePrice: convert(c.baseUsePrice), additionalUsePrice: convert(c.additionalUsePrice) },
        ];
      }),
    ) as Record<CountedServiceKind, CountedServiceDraft>,
  }));
  return next;
}
