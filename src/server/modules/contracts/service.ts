import type { AssignContractBody, ContractListQuery } from '../../../domain/contracts';
import type {
  AssigneesEntity,
  AssignmentEntity,
  ContractEntity,
  ContractListEntity,
} from '../../../domain/api/contracts';
import type { Db } from '../../db/db';
import { translate, translatePlan } from '../../i18n';
import { listWorkbook } from '../../integrations/xlsx';
import type { Caller } from '../../plugins/auth';
import { forbidden, validation } from '../../problems';
import { requireWritable } from '../session/policy';
import { assigneesOf } from '../session';
import { canOfferRedemption, canWrite, contractScope, requireVisibleContract } from './policy';
import { CONTRACTS_HREF, contractEntity, contractHref, listItemEntity } from './presenter';
import { assignContract, contractStatesInScope, countContracts, findContract, listContracts } from './repo';

/** The contract list, its spreadsheet export, one contract and assigning (portal specification, “Screens and routes”, “Entities and their fields” and “The calls it makes”). */
export const EXPORT_MAX_ROWS = 10_000;

export async function listContractsEntity(
  db: Db,
  caller: Caller,
  query: ContractListQuery,
): Promise<ContractListEntity> {
  const scope = contractScope(caller, query.filterUserProfileId);
  const paging = { limit: query.itemsPerPage, offset: (query.page - 1) * query.itemsPerPage };
  const [rows, count, availableStates] = await Promise.all([
    listContracts(db, scope, query, paging),
    countContracts(db, scope, query),
    contractStatesInScope(db, scope),
  ]);
  const writable = canWrite(caller);
  return {
    class: ['contracts'],
    properties: { count, availableStates, page: query.page, itemsPerPage: query.itemsPerPage },
    entities: rows.map((r) => listItemEntity(r, writable)),
    links: [
      { rel: ['self'], href: CONTRACTS_HREF },
      { rel: ['export'], href: `${CONTRACTS_HREF}/excel` },
      { rel: ['assignees'], href: `${CONTRACTS_HREF}/assignees` },
    ],
  };
}

const COLUMNS = [
  ['referenceCode', 14],
  ['customerName', 32],
  ['subLesseeName', 24],
  ['state', 22],
  ['startDate', 12],
  ['endDate', 12],
  ['periodInMonths', 10],
  ['instalment', 14],
  ['billingPeriod', 12],
  ['monthlyInstalment', 14],
  ['paymentPlan', 40],
  ['currencyCode', 8],
  ['ownerName', 22],
] as const;

const asDate = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);

/** A real xlsx of the filtered list (at most 10,000 rows), in the caller's language, with the Excel permission. */
export async function exportContracts(
  db: Db,
  caller: Caller,
  query: ContractListQuery,
  locale: string | undefined,
): Promise<{ contentAsBase64: string; fileName: string; fileFormat: string }> {
  if (!caller.user.isExcelDownloadPermitted)
    throw forbidden('The Excel download is not permitted for this user.');
  const rows = await listContracts(db, contractScope(caller, query.filterUserProfileId), query, {
    limit: EXPORT_MAX_ROWS,
    offset: 0,
  });
  return listWorkbook({
    locale,
    texts: 'contracts',
    name: 'contracts',
    columns: COLUMNS,
    rows: rows.map((r) => ({
      ...r,
      state: translate(locale, `states.${r.state}`),
      startDate: asDate(r.startDate),
      endDate: asDate(r.endDate),
      billingPeriod: translate(locale, `billing.periodName.${r.billingPeriod}`),
      // With a plan, what is paid: the level amount beside it is what it is worth, never charged.
      paymentPlan: translatePlan(locale, r.billingPeriod, r.schedule, r.currencyCode),
    })),
    formats: {
      startDate: 'yyyy-mm-dd',
      endDate: 'yyyy-mm-dd',
      instalment: '#,##0.00',
      monthlyInstalment: '#,##0.00',
    },
  });
}

export async function getContract(db: Db, caller: Caller, referenceCode: string): Promise<ContractEntity> {
  const contract = requireVisibleContract(caller, await findContract(db, referenceCode));
  return contractEntity(contract, {
    writable: canWrite(caller),
    redeemable: canOfferRedemption(caller, contract),
  });
}

/** The profiles contracts of the selected brand may be assigned to. */
export async function listAssignees(db: Db, caller: Caller): Promise<AssigneesEntity> {
  const scope = contractScope(caller);
  const assignees = await assigneesOf(db, caller.user.partnerId, scope.brandId);
  return { class: ['contractAssignees'], properties: { assignees } };
}

/** Gives a contract to another profile of the partner on the same brand. */
export async function assign(
  db: Db,
  caller: Caller,
  referenceCode: string,
  body: AssignContractBody,
): Promise<AssignmentEntity> {
  requireWritable(caller);
  return db.tx(async (q) => {
    const contract = requireVisibleContract(caller, await findContract(q, referenceCode, true));
    const target = (await assigneesOf(q, caller.user.partnerId, contract.brandId)).find(
      (a) => a.userProfileId === body.userProfileId,
    );
    if (!target) throw validation([{ name: 'userProfileId', reason: 'invalidAssignee' }]);
    await assignContract(q, contract.contractId, target.userProfileId);
    return {
      class: ['contractAssignment'],
      properties: {
        referenceCode: contract.referenceCode,
        userProfileId: target.userProfileId,
        ownerName: target.name,
      },
      links: [{ rel: ['contract'], href: contractHref(contract.referenceCode) }],
    };
  });
}
