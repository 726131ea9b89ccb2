import type { CalculationListItem } from '../../../domain/api/calculations';
import type { CalculationListQuery } from '../../../domain/calculation/list';
import { colourOf } from '../../../domain/calculation/states';
import { canCopyVariant } from '../../../domain/calculation/variant-policy';
import type { CalculationListEntity } from '../../../domain/api/calculations';
import type { QuickSearchEntity } from '../../../domain/api/search';
import type { Action, ActionName } from '../../../domain/hypermedia';
import type { Db } from '../../db/db';
import { translate, translatePlan } from '../../i18n';
import { listWorkbook } from '../../integrations/xlsx';
import type { Caller } from '../../plugins/auth';
import { forbidden } from '../../problems';
import { canWrite, scopeOf } from './policy';
import { copyVariantAction, processActions, variantHref } from './presenter';
import { quickSearchContracts, redemptionAction } from '../contracts';
import { countSets, listSets, quickSearchSets, statesInScope, type ListScope } from './list-repo';
import { isRedeemable } from '../../../domain/contracts';

/** The calculation list, its spreadsheet export and the quick search (portal specification, “Screens and routes”, “Entities and their fields” and “The calls it makes”). */
export const EXPORT_MAX_ROWS = 10_000;
export const QUICK_SEARCH_LIMIT = 10;

function listScope(caller: Caller, filterUserProfileId?: string): ListScope {
  const scope = scopeOf(caller);
  return {
    brandId: scope.brandId,
    // With global access a user may narrow the list to one profile of the brand.
    userProfileId: scope.userProfileId ?? filterUserProfileId ?? null,
  };
}

/** What a row's menu offers: what the editor would, as the state allows (no unsaved edits here). */
const ROW_ACTIONS = new Set<ActionName>([
  'make-offer',
  'request-to-grenke',
  'paper-contract',
  'start-esignature',
  'change-to-econtract',
  'send-contract-start',
  'cancel-process',
]);

function rowActions(r: Awaited<ReturnType<typeof listSets>>[number]): Action[] {
  const variant = {
    id: r.calculationVariantId,
    state: r.state,
    quoteNote: '',
    nonBindingQuoteNote: '',
    specialCase: null,
  };
  return [
    ...(canCopyVariant(r).allowed ? [copyVariantAction(r.calculationSetId, r.calculationVariantId)] : []),
    ...processActions(r.calculationSetId, variant).filter((a) => ROW_ACTIONS.has(a.name)),
    ...(r.referenceCode && r.contractState && isRedeemable(r.contractState)
      ? [redemptionAction(r.referenceCode)]
      : []),
  ];
}

export async function listCalculations(
  db: Db,
  caller: Caller,
  query: CalculationListQuery,
): Promise<CalculationListEntity> {
  const scope = listScope(caller, query.filterUserProfileId);
  const paging = { limit: query.itemsPerPage, offset: (query.page - 1) * query.itemsPerPage };
  const [rows, count, availableStates] = await Promise.all([
    listSets(db, scope, query, paging),
    countSets(db, scope, query),
    statesInScope(db, scope),
  ]);
  const writable = canWrite(caller);
  return {
    class: ['calculationSets'],
    properties: { count, availableStates, page: query.page, itemsPerPage: query.itemsPerPage },
    entities: rows.map((r) => ({
      class: ['calculationSet'],
      rel: ['item'],
      properties: { ...r, stateColour: colourOf(r.state) } satisfies CalculationListItem,
      actions: writable ? rowActions(r) : [],
      links: [{ rel: ['self'], href: variantHref(r.calculationSetId, r.calculationVariantId) }],
    })),
    links: [{ rel: ['export'], href: '/api/calculationSets/excel' }],
  };
}

const COLUMNS = [
  ['calculationSetId', 36],
  ['applicantName', 32],
  ['sublesseeName', 24],
  ['state', 24],
  ['lastEdited', 18],
  ['ownerName', 22],
  ['netAcquisitionValueAmount', 14],
  ['periodInMonths', 10],
  ['totalInstallmentAmount', 14],
  ['billingPeriod', 12],
  ['monthlyTotalInstallmentAmount', 14],
  ['paymentPlan', 40],
  ['currencyCode', 8],
] as const;

/** A real xlsx of the filtered list, in the caller's language, for users with the Excel permission. */
export async function exportCalculations(
  db: Db,
  caller: Caller,
  query: CalculationListQuery,
  locale: string | undefined,
): Promise<{ contentAsBase64: string; fileName: string; fileFormat: string }> {
  if (!caller.user.isExcelDownloadPermitted)
    throw forbidden('The Excel download is not permitted for this user.');
  const rows = await listSets(db, listScope(caller, query.filterUserProfileId), query, {
    limit: EXPORT_MAX_ROWS,
    offset: 0,
  });
  return listWorkbook({
    locale,
    texts: 'calculationList',
    name: 'calculations',
    columns: COLUMNS,
    rows: rows.map((r) => ({
      ...r,
      state: translate(locale, `states.${r.state}`),
      lastEdited: new Date(r.lastEdited),
      billingPeriod: translate(locale, `billing.periodName.${r.billingPeriod}`),
      // A monthly instalment is its own monthly equivalent.
      monthlyTotalInstallmentAmount: r.monthlyTotalInstallmentAmount ?? r.totalInstallmentAmount,
      // With a plan, what is paid: the level amount beside it is what it is worth, never charged.
      paymentPlan: translatePlan(locale, r.billingPeriod, r.schedule, r.currencyCode),
    })),
    formats: {
      lastEdited: 'yyyy-mm-dd hh:mm',
      netAcquisitionValueAmount: '#,##0.00',
      totalInstallmentAmount: '#,##0.00',
      monthlyTotalInstallmentAmount: '#,##0.00',
    },
  });
}

export async function quickSearch(db: Db, caller: Caller, searchText: string): Promise<QuickSearchEntity> {
  // One more than shown tells whether there are more.
  const scope = listScope(caller);
  const [found, foundContracts] = await Promise.all([
    quickSearchSets(db, scope, searchText, QUICK_SEARCH_LIMIT + 1),
    quickSearchContracts(db, scope, searchText, QUICK_SEARCH_LIMIT + 1),
  ]);
  const sets = found.slice(0, QUICK_SEARCH_LIMIT);
  return {
    class: ['quickSearch'],
    properties: {
      searchText,
      hasMore: found.length > QUICK_SEARCH_LIMIT || foundContracts.length > QUICK_SEARCH_LIMIT,
      calculationSetReadModels: sets,
      // Contracts by customer or sublessee name or reference code, the same scope (modules/contracts).
      contractReadModels: foundContracts.slice(0, QUICK_SEARCH_LIMIT),
    },
  };
}
