/**
 * Fixtures of the editor's component tests: a brand's condition lists (from the domain's
 * test/fixtures.ts), the calculation view, and a saved variant built with the domain's own
 * functions (draft → variant → the engine's results).
 */
import type { CalculationViewProperties, ObjectType } from '../../../domain/api/calculations';
import { chooseList, newDraft, variantOf, type Draft } from '../../../domain/calculation/editor';
import { calculate as runEngine } from '../../../domain/calculation/engine';
import type { ConditionList, ResultRow } from '../../../domain/calculation/schemas';
import { listOf, savedVariant } from '../../../domain/calculation/test/fixtures';
import { toCalculateRequest } from '../../../domain/calculation/variant';

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

/** The calculation view of the brand's lists, with the saved variant of `draft` (none: a new calculation). */
export function viewOf(draft?: Draft): CalculationViewProperties {
  return {
    calculationProfile: {
      userProfileId: 'up-1',
      brandName: 'Brand',
      isReadOnly: false,
      isNewCalculationPossible: true,
      currencyCode: 'EUR',
    },
    applicationSettings: {},
    globalAndDashboardSettings: {
      hasGlobalAccess: false,
      isAdmin: false,
      isExcelDownloadPermitted: false,
      offerLinkValidDays: 30,
    },
    partnerView: {
      businessPartnerId: 'bp-1',
      businessPartnerName: 'Partner',
      countryIso: 'IE',
      languages: ['en-IE'],
      enabledFeatures: [],
    },
    conditionLists: LISTS,
    objectTypes: OBJECT_TYPES,
    variant: draft ? { properties: savedVariant(variantOf(draft, listFor(draft)), engineRows(draft)) } : null,
  };
}
