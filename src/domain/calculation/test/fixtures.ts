/**
 * Fixtures shared by the calculation's tests, domain and component alike: a condition list like
 * the demo world's (full payout, SE-NOS-VA) with the fields a test changes, and a saved variant as
 * the calculation view answers it.
 */
import type { VariantProperties } from '../../api/calculations';
import type { ConditionList, ResultRow } from '../schemas';
import type { CalculationVariant } from '../variant';

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
