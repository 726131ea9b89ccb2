/**
 * Fixtures of the editor's component tests: a brand's condition lists (as in
 * src/domain/calculation/editor.test.ts), the calculation view, and a saved variant built with
 * the domain's own functions (draft → variant → the engine's results).
 */
import type {
  CalculationViewProperties,
  ObjectType,
  VariantProperties,
} from '../../../domain/api/calculations';
import { chooseList, newDraft, variantOf, type Draft } from '../../../domain/calculation/editor';
import { calculate as runEngine } from '../../../domain/calculation/engine';
import type { ConditionList, ResultRow } from '../../../domain/calculation/schemas';
import { toCalculateRequest, type CalculationVariant } from '../../../domain/calculation/variant';

export function listOf(id: string, over: Partial<ConditionList> = {}): ConditionList {
  return {
    id,
    productId: 'SE-NOS-VA',
    productType: 'Full payout leasing',
    contractTypeCode: 'VA',
    commission: 0,
    residualValue: 0,
    hasRepurchase: false,
    hasRecurringServiceFee: true,
    isCountedServicesAvailable: false,
    maintenanceFeeType: 'amount',
    navMinimum: 500,
    navUpperLimit: 250_000,
    periods: [12, 24, 36, 48, 60],
    defaultPeriod: 36,
    rateBands: [{ navFrom: 0, navTo: 250_000, annualRatePercent: 7.9 }],
    damageWaiverPercent: 0.15,
    paymentFrequencies: [{ code: 'monthly', surchargePercent: 0, surchargeAmount: 0 }],
    paymentMethods: [{ code: 'invoice', surchargePercent: 0, surchargeAmount: 2.5 }],
    handlingFee: { allowed: true, amount: 95 },
    advancePaymentMaxPercent: 30,
    ...over,
  };
}

/** A partial payout (TA) list of a residual value and a commission; its periods stop at 48. */
export const ta = (rv: number, c: number) =>
  listOf(`SE-NOS-TA-R${rv}-C${c}`, {
    productId: 'SE-NOS-TA',
    productType: 'Partial payout leasing',
    contractTypeCode: 'TA',
    residualValue: rv,
    commission: c,
    periods: [24, 36, 48],
    defaultPeriod: 48,
  });

export const LISTS: ConditionList[] = [
  ...[0, 2].map((c) => listOf(`SE-NOS-VA-C${c}`, { commission: c })),
  ...[10, 20].flatMap((rv) => [ta(rv, 0), ta(rv, 2)]),
];

export const OBJECT_TYPES: ObjectType[] = [
  {
    id: 'OT-LAPTOP',
    label: 'Laptop',
    softPeriodLimit: 48,
    hardPeriodLimit: 60,
    countedServicePossible: false,
    defaultManufacturerId: null,
    manufacturers: [],
  },
];

export const PERIOD_LIMITS = new Map(OBJECT_TYPES.map((o) => [o.id, o]));

/** A new calculation's draft for a laptop, with these inputs. */
export const draftWith = (over: Partial<Draft> = {}): Draft => ({
  ...newDraft(LISTS, 'OT-LAPTOP'),
  ...over,
});

export const listFor = (draft: Draft): ConditionList => chooseList(LISTS, draft).list!;

/** What the engine answers for a draft (the server runs the same engine). */
export function engineRows(draft: Draft): ResultRow[] {
  const list = listFor(draft);
  const outcome = runEngine(list, toCalculateRequest(variantOf(draft, list), list), PERIOD_LIMITS);
  if (!outcome.ok) throw new Error(`The fixture does not calculate: ${JSON.stringify(outcome.errors)}`);
  return outcome.results;
}

/** A saved variant of a set, as the calculation view answers it. */
export function savedVariant(
  calculationVariant: CalculationVariant,
  calculationResults: ResultRow[],
  over: Partial<VariantProperties> = {},
): VariantProperties {
  return {
    calculationSetId: 'set-1',
    calculationVariantId: 'var-1',
    name: calculationVariant.name,
    state: 'inWork',
    stateColour: 'blue',
    isReadOnly: false,
    isLocked: false,
    currencyCode: 'EUR',
    source: 'portal',
    lastEdited: '2025-05-02T10:00:00Z',
    lastSaved: { at: '2025-05-02T10:00:00Z', by: null },
    etag: '"1"',
    calculationVariant,
    calculationResults,
    quoteNote: '',
    nonBindingQuoteNote: '',
    offer: { periods: [], languageCode: null },
    specialCaseRequested: false,
    specialCase: null,
    requestBlockers: [],
    request: null,
    application: null,
    maxCustomerSignees: 2,
    applicant: null,
    supplier: null,
    sublessee: null,
    creditAgencyReportIds: [],
    creditReports: [],
    variants: [],
    ...over,
  };
}

/** The calculation view of the brand's lists, with the saved variant of `draft` (none: a new calculation). */
export function viewOf(draft?: Draft): CalculationViewProperties {
  return {
    calculationProfile: {
      userProfileId: 'up-1',
      brandName: 'Brand',
      isReadOnly: false,
      isNewCalculationPossible: true,
      countryIso: 'IE',
      currencyCode: 'EUR',
    },
    applicationSettings: {},
    conditionLists: LISTS,
    objectTypes: OBJECT_TYPES,
    variant: draft ? { properties: savedVariant(variantOf(draft, listFor(draft)), engineRows(draft)) } : null,
  };
}
