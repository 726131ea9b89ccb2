import type { ContractDetail, ContractListItem } from '../../../domain/api/contracts';
import type { ContractListQuery, ContractState, ProviderContractState } from '../../../domain/contracts';
import { REFERENCE_CODE } from '../../../domain/contracts';
import { ContractDetailSchema, ContractListItemSchema } from '../../../domain/api/contracts';
import { ContractStateSchema } from '../../../domain/api/common';
import { QuickSearchContractSchema, type QuickSearchContract } from '../../../domain/api/search';
import { count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { contracts } from '../../db/schema';

/**
 * SQL of the contracts (migration 011): the list and its counts through the brand or profile
 * indexes, the quick search through the trigram indexes, one contract by reference code,
 * assigning, and the calendar's states.
 */
export interface ContractScope {
  /** The selected brand of the caller: it belongs to the caller's partner. */
  brandId: string;
  /** Only this profile's contracts (no global access, or a filter). */
  userProfileId: string | null;
}

// Contracts without a start date count as the oldest: last when newest come first. Each order
// is the start-date index read forwards or backwards.
const byStart = (d: string) => `c.start_date ${d} ${d === 'desc' ? 'nulls last' : 'nulls first'}, c.id ${d}`;
const ORDER = {
  startDate: byStart,
  customerName: (d: string) => `lower(c.customer_name) ${d}, c.id ${d}`,
  referenceCode: (d: string) => `c.reference_code ${d}`,
  state: (d: string) => `c.state ${d}, ${byStart('desc')}`,
} as const;

const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(scope: ContractScope, query: Pick<ContractListQuery, 'states' | 'searchText'>) {
  // A brand belongs to one partner: the brand alone keeps other partners out, and counts run
  // on the (brand, state) index alone.
  const params: unknown[] = [scope.brandId];
  const where = ['c.brand_id = $1'];
  if (scope.userProfileId) {
    params.push(scope.userProfileId);
    where.push(`c.user_profile_id = $${params.length}`);
  }
  if (query.states?.length === 1) {
    // One state as an equality: the (…, state, sort key) index then gives the order.
    params.push(query.states[0]);
    where.push(`c.state = $${params.length}`);
  } else if (query.states?.length) {
    params.push(query.states);
    where.push(`c.state = any($${params.length}::text[])`);
  }
  if (query.searchText) {
    params.push(likeOf(query.searchText));
    const p = `$${params.length}`;
    where.push(
      `(lower(c.customer_name) like ${p} or lower(c.sub_lessee_name) like ${p} or c.reference_code like ${p})`,
    );
  }
  return { params, where: where.join(' and ') };
}

const ITEM_COLUMNS = `
  c.id as "contractId", c.reference_code as "referenceCode",
  to_char(c.start_date, 'YYYY-MM-DD') as "startDate", to_char(c.end_date, 'YYYY-MM-DD') as "endDate",
  c.customer_name as "customerName", c.sub_lessee_name <> '' as "isSubLease", c.sub_lessee_name as "subLesseeName",
  c.state, c.user_profile_id as "userProfileId",
  (select u.first_name || ' ' || u.last_name from user_profiles up join users u on u.id = up.user_id
    where up.id = c.user_profile_id) as "ownerName",
  c.instalment::float8 as instalment, c.period_in_months as "periodInMonths", c.currency_code as "currencyCode",
  case c.payment_frequency when 'quarterly' then 'quarter' when 'daily' then 'day' else 'month' end as "billingPeriod",
  round(case c.payment_frequency when 'quarterly' then c.instalment / 3 when 'daily' then c.instalment * 30
        else c.instalment end, 2)::float8 as "monthlyInstalment", c.schedule`;

export type ContractRow = Omit<ContractListItem, 'stateColour'>;

// The list's SQL is tuned (index-ordered arms, skip scan, trigram search) and stays as written;
// its rows are parsed by the answers' schemas, which name the columns ITEM_COLUMNS selects.
const ContractRows = z.array(ContractListItemSchema.omit({ stateColour: true }));
const StateRows = z.array(z.object({ state: ContractStateSchema }));
const CountRow = z.object({ n: z.number() });

/** Deeper than this, a page is read the plain way (the per-state arms would read too much). */
const MERGE_DEPTH = 5_000;

export async function listContracts(
  q: Queryable,
  scope: ContractScope,
  query: ContractListQuery,
  paging: { limit: number; offset: number },
): Promise<ContractRow[]> {
  const states = [...new Set(query.states ?? [])];
  const merged = query.sortBy !== 'referenceCode';
  if (states.length > 0 && merged && !query.searchText && paging.offset + paging.limit <= MERGE_DEPTH)
    return listByStates(q, scope, query, states, paging);
  const { params, where } = whereOf(scope, query);
  params.push(paging.limit, paging.offset);
  // The page's ids first: the rows a deep page skips are index entries, not owners looked up.
  const order = ORDER[query.sortBy](query.sortDirection);
  const rows = await q.query(
    `with page as (
       select c.id from contracts c where ${where}
        order by ${order} limit $${params.length - 1} offset $${params.length})
     select ${ITEM_COLUMNS} from page p join contracts c on c.id = p.id order by ${order}`,
    params,
  );
  return ContractRows.parse(rows);
}

/**
 * A page of a state-filtered list: one arm per state reads the (brand or profile, state, sort
 * key) index in order, as far as the page reaches, and the arms merge; only the page's rows are
 * then read in full. PostgreSQL reads `state = any(…)` unordered, which would make it sort every
 * match of the filter.
 */
async function listByStates(
  q: Queryable,
  scope: ContractScope,
  query: ContractListQuery,
  states: string[],
  paging: { limit: number; offset: number },
): Promise<ContractRow[]> {
  const d = query.sortDirection;
  const nulls = d === 'desc' ? 'nulls last' : 'nulls first';
  const plan = {
    // Ascending by start date reads each arm from its oldest end.
    startDate: {
      columns: 'c.start_date, c.state',
      arm: byStart(d),
      page: (t: string) => `${t}.start_date ${d} ${nulls}, ${t}.id ${d}`,
    },
    // One state per arm: newest start first within it, the arms in the state's order.
    state: {
      columns: 'c.start_date, c.state',
      arm: byStart('desc'),
      page: (t: string) => `${t}.state ${d}, ${t}.start_date desc nulls last, ${t}.id desc`,
    },
    customerName: {
      columns: 'lower(c.customer_name) as name_key',
      arm: `lower(c.customer_name) ${d}, c.id ${d}`,
      page: (t: string) => `${t}.name_key ${d}, ${t}.id ${d}`,
    },
  }[query.sortBy as 'startDate' | 'state' | 'customerName'];
  const { params, where } = whereOf(scope, {});
  params.push(paging.offset + paging.limit);
  const depth = `$${params.length}`;
  const arms = states.map((state) => {
    params.push(state);
    return `(select c.id, ${plan.columns} from contracts c where ${where} and c.state = $${params.length}
               order by ${plan.arm} limit ${depth})`;
  });
  params.push(paging.limit, paging.offset);
  const rows = await q.query(
    `with page as (
       select p.* from (${arms.join(' union all ')}) p
        order by ${plan.page('p')} limit $${params.length - 1} offset $${params.length})
     select ${ITEM_COLUMNS} from page p join contracts c on c.id = p.id order by ${plan.page('p')}`,
    params,
  );
  return ContractRows.parse(rows);
}

export async function countContracts(
  q: Queryable,
  scope: ContractScope,
  query: ContractListQuery,
): Promise<number> {
  const { params, where } = whereOf(scope, query);
  const [row] = await q.query(`select count(*)::int as n from contracts c where ${where}`, params);
  return CountRow.parse(row).n;
}

/** The states the scope holds, by a skip scan over the state index (one probe per state). */
export async function contractStatesInScope(q: Queryable, scope: ContractScope): Promise<ContractState[]> {
  const { params, where } = whereOf(scope, {});
  const rows = await q.query(
    `with recursive t as (
       (select c.state from contracts c where ${where} order by c.state limit 1)
       union all
       select (select c.state from contracts c where ${where} and c.state > t.state order by c.state limit 1)
         from t where t.state is not null)
     select state from t where state is not null`,
    params,
  );
  return StateRows.parse(rows).map((r) => r.state);
}

export async function quickSearchContracts(
  q: Queryable,
  scope: ContractScope,
  text: string,
  limit: number,
): Promise<QuickSearchContract[]> {
  const { params, where } = whereOf(scope, { searchText: text });
  params.push(limit);
  const rows = await q.query(
    `select c.id as "contractId", c.reference_code as "referenceCode",
            to_char(c.start_date, 'YYYY-MM-DD') as "startDate", c.customer_name as "customerName",
            c.sub_lessee_name <> '' as "isSubLease", c.sub_lessee_name as "subLesseeName", c.state
       from contracts c where ${where}
      order by ${byStart('desc')} limit $${params.length}`,
    params,
  );
  return z.array(QuickSearchContractSchema).parse(rows);
}

export interface ContractRecord extends Omit<ContractDetail, 'stateColour' | 'number' | 'duration'> {
  /** The net financing instalment per billing period, which the redemption offer discounts. */
  netInstalment: number;
  partnerId: string;
  brandId: string;
  customerEmail: string | null;
}

const RecordRow = ContractDetailSchema.omit({ stateColour: true, number: true, duration: true }).extend({
  netInstalment: z.number(),
  partnerId: z.string(),
  brandId: z.string(),
  customerEmail: z.string().nullable(),
  // Both drivers give timestamptz back as a Date; the answer carries it as an ISO string.
  lastRedemptionOfferAt: z
    .date()
    .nullable()
    .transform((d) => d && d.toISOString()),
});

export async function findContract(
  q: Queryable,
  referenceCode: string,
  lock = false,
): Promise<ContractRecord | undefined> {
  if (!REFERENCE_CODE.test(referenceCode)) return undefined;
  const [row] = await q.query(
    `select ${ITEM_COLUMNS}, c.partner_id as "partnerId", c.brand_id as "brandId",
            c.nav::float8 as nav, c.annual_rate_percent::float8 as "annualRatePercent",
            c.residual_value::float8 as "residualValue", c.payment_frequency as "paymentFrequency",
            c.net_instalment::float8 as "netInstalment", c.rent_free_months as "rentFreeMonths",
            to_char(c.returned_at, 'YYYY-MM-DD') as "returnedAt", to_char(c.cancelled_at, 'YYYY-MM-DD') as "cancelledAt",
            to_char(c.paid_at, 'YYYY-MM-DD') as "paidAt", c.last_redemption_offer_at as "lastRedemptionOfferAt",
            c.calculation_set_id as "calculationSetId", c.calculation_variant_id as "calculationVariantId",
            c.customer_email as "customerEmail"
       from contracts c where c.reference_code = $1 ${lock ? 'for update of c' : ''}`,
    [referenceCode],
  );
  return row && RecordRow.parse(row);
}

export async function assignContract(q: Queryable, contractId: string, userProfileId: string): Promise<void> {
  await q.query('update contracts set user_profile_id = $2 where id = $1', [contractId, userProfileId]);
}

export async function markRedemptionOffered(q: Queryable, contractId: string): Promise<void> {
  await q.query('update contracts set last_redemption_offer_at = now() where id = $1', [contractId]);
}

/**
 * Moves stored states on as the calendar does: the same rules as contractStateOf, in SQL
 * (contract_state_of of migration 011); a state the provider set stays. Answers how many
 * contracts changed.
 */
export async function refreshContractStates(q: Queryable, today: string): Promise<number> {
  const [row] = await q.query(
    `with changed as (
       update contracts c
          set state = contract_state_of(c.start_date, c.end_date, c.returned_at, c.cancelled_at, c.paid_at, $1::date)
        where c.start_date is not null and c.end_date is not null and c.provider_state is null
          and c.state is distinct from
              contract_state_of(c.start_date, c.end_date, c.returned_at, c.cancelled_at, c.paid_at, $1::date)
        returning 1)
     select count(*)::int as n from changed`,
    [today],
  );
  return CountRow.parse(row).n;
}

/** How many contracts each of these profiles holds (a profile without any is left out). */
export async function countContractsOfProfiles(
  q: Queryable,
  profileIds: string[],
): Promise<Map<string, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await orm(q)
    .select({ profileId: contracts.userProfileId, n: count() })
    .from(contracts)
    .where(inArray(contracts.userProfileId, profileIds))
    .groupBy(contracts.userProfileId);
  return new Map(rows.map((r) => [r.profileId, r.n]));
}

/** Hands a profile's contracts to another profile; answers how many moved. */
export async function moveContractsOfProfile(q: Queryable, fromProfileId: string, toProfileId: string) {
  const moved = await orm(q)
    .update(contracts)
    .set({ userProfileId: toProfileId })
    .where(eq(contracts.userProfileId, fromProfileId))
    .returning({ id: contracts.id });
  return moved.length;
}

/** A new running contract (a checked application); start and end are the days they fall on. */
export async function insertContract(
  q: Queryable,
  c: Omit<typeof contracts.$inferInsert, 'state'>,
): Promise<void> {
  await orm(q)
    .insert(contracts)
    .values({ ...c, state: 'runningContract' });
}

/** Of these reference codes, those that name no contract. */
export async function unknownReferenceCodes(q: Queryable, codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await q.query<{ code: string }>(
    `select g.code from unnest($1::text[]) as g(code)
      where not exists (select 1 from contracts c where c.reference_code = g.code)`,
    [codes],
  );
  return rows.map((r) => r.code);
}

/**
 * The provider's servicing system sets contracts' states (docs/domain.md, "Contracts"); the
 * trigger of migration 041 derives each state from it. Answers how many took another one.
 */
export async function setProviderStates(
  q: Queryable,
  states: { referenceCode: string; state: ProviderContractState | null }[],
): Promise<number> {
  if (!states.length) return 0;
  const [row] = await q.query(
    `with changed as (
       update contracts c set provider_state = g.state
         from unnest($1::text[], $2::text[]) as g(code, state)
        where c.reference_code = g.code and c.provider_state is distinct from g.state
        returning 1)
     select count(*)::int as n from changed`,
    [states.map((s) => s.referenceCode), states.map((s) => s.state)],
  );
  return CountRow.parse(row).n;
}
