import type { CalculationListQuery } from '../../../domain/calculation/list';
import { CalculationListItemSchema } from '../../../domain/api/calculations';
import { CalculationStateSchema, ContractStateSchema } from '../../../domain/api/common';
import { QuickSearchCalculationSchema } from '../../../domain/api/search';
import { z } from 'zod';
import type { Queryable } from '../../db/db';
import type { CalculationState } from '../../../domain/calculation/states';

/**
 * The read model of the calculation lists and the quick search: one row per set, through the
 * indexes of migration 006 (brand or profile, then state, then the sort).
 */
export interface ListScope {
  /** The selected brand of the caller: it belongs to the caller's partner. */
  brandId: string;
  /** Only this profile's sets (no global access, or a filter). */
  userProfileId: string | null;
}

/** The name a row shows (the customer's, else the calculation's), as the name indexes of migration 035 hold it. */
const SHOWN_NAME = `lower(coalesce(nullif(s.applicant_name, ''), s.name))`;

const ORDER = {
  lastEdited: (d: string) => `s.last_edited_at ${d}, s.id ${d}`,
  applicantName: (d: string) => `${SHOWN_NAME} ${d}, s.id ${d}`,
  state: (d: string) => `s.state ${d}, s.last_edited_at desc, s.id desc`,
} as const;

function whereOf(scope: ListScope, query: Pick<CalculationListQuery, 'states' | 'searchText'>) {
  // A brand belongs to one partner, so the brand alone keeps other partners out; leaving
  // partner_id out of the filter lets counts run on the (brand, state) index alone.
  const params: unknown[] = [scope.brandId];
  const where = ['s.brand_id = $1'];
  if (scope.userProfileId) {
    params.push(scope.userProfileId);
    where.push(`s.user_profile_id = $${params.length}`);
  }
  if (query.states?.length === 1) {
    // One state as an equality: the (…, state, sort key) index then gives the order.
    params.push(query.states[0]);
    where.push(`s.state = $${params.length}`);
  } else if (query.states?.length) {
    params.push(query.states);
    where.push(`s.state = any($${params.length}::text[])`);
  }
  if (query.searchText) {
    params.push(`%${query.searchText.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // The customer, the sublessee or the calculation's own name (migration 034), each by its trigram index.
    const text = `$${params.length}`;
    where.push(
      `(lower(s.applicant_name) like ${text} or lower(s.sublessee_name) like ${text} or lower(s.name) like ${text})`,
    );
  }
  return { params, where: where.join(' and ') };
}

const ITEM_COLUMNS = `
  s.id as "calculationSetId", s.leading_variant_id as "calculationVariantId", s.last_edited_at as "lastEdited",
  s.name, s.applicant_name as "applicantName", s.sublessee_name as "sublesseeName", s.sublessee_name <> '' as "isSubLease",
  ct.reference_code as "referenceCode", ct.state as "contractState", s.state, s.currency_code as "currencyCode",
  (select u.first_name || ' ' || u.last_name from user_profiles up join users u on u.id = up.user_id
    where up.id = s.user_profile_id) as "ownerName",
  (sel.r->>'netAcquisitionValueAmount')::float8 as "netAcquisitionValueAmount",
  (sel.r->>'periodInMonths')::int as "periodInMonths",
  (sel.r->>'totalInstallmentAmount')::float8 as "totalInstallmentAmount",
  coalesce(sel.r->>'billingPeriod', 'month') as "billingPeriod",
  (sel.r->>'monthlyTotalInstallmentAmount')::float8 as "monthlyTotalInstallmentAmount",
  coalesce(sel.r->'schedule', '[]'::jsonb) as schedule,
  (select count(*)::int from calculation_variants v where v.calculation_set_id = s.id) as "variantCount"`;

/** The contract a contracted set became. */
const CONTRACT_OF_SET = `left join lateral (
    select reference_code, state from contracts c where c.calculation_set_id = s.id limit 1) ct on true`;

/** The selected result row of the set's leading variant: what the list shows of its money. */
const SELECTED_ROW = `left join lateral (
    select r from calculation_variants v, jsonb_array_elements(v.results) r
     where v.id = s.leading_variant_id and (r->>'isSelected')::boolean limit 1) sel on true`;

// The SQL is tuned to the indexes and stays as written; its rows are parsed by the answers'
// schemas. Both drivers give timestamptz back as a Date: handed on as the ISO string the answer
// declares (what its JSON carried before).
const lastEdited = z.date().transform((d) => d.toISOString());
const Rows = z.array(
  CalculationListItemSchema.omit({ stateColour: true }).extend({
    lastEdited,
    contractState: ContractStateSchema.nullable(),
    /** How many variants the set holds: whether it has room for a copy. */
    variantCount: z.number(),
  }),
);
const QuickSearchRows = z.array(QuickSearchCalculationSchema.extend({ lastEdited }));

/** Deeper than this, a state-filtered page is read the plain way (the per-state arms would read too much). */
const MERGE_DEPTH = 10_000;

/**
 * How a page is cut: the sort key columns a page's rows carry (`columns`), the order of one
 * state's index (`arm`), and the page's order over those columns (`page`).
 */
const PAGE_PLAN = {
  lastEdited: {
    columns: 's.last_edited_at',
    arm: (d: string) => `s.last_edited_at ${d}, s.id ${d}`,
    page: (t: string, d: string) => `${t}.last_edited_at ${d}, ${t}.id ${d}`,
  },
  applicantName: {
    columns: `${SHOWN_NAME} as name_key`,
    arm: (d: string) => `${SHOWN_NAME} ${d}, s.id ${d}`,
    page: (t: string, d: string) => `${t}.name_key ${d}, ${t}.id ${d}`,
  },
  // One state per arm, newest first within it; the arms in the state's order.
  state: {
    columns: 's.state, s.last_edited_at',
    arm: () => 's.last_edited_at desc, s.id desc',
    page: (t: string, d: string) => `${t}.state ${d}, ${t}.last_edited_at desc, ${t}.id desc`,
  },
} as const;

/**
 * A page of the list: first the page's ids from the indexes alone (the sort key rides along),
 * then only those rows are read in full with their variant's figures and contract. Filtered by
 * states, one arm per state reads the (brand or profile, state, sort key) index in order as far
 * as the page reaches and the arms merge: PostgreSQL reads `state = any(…)` unordered, which
 * would make it sort every match. Deep pages thus skip index entries, not whole rows.
 */
export async function listSets(
  q: Queryable,
  scope: ListScope,
  query: CalculationListQuery,
  paging: { limit: number; offset: number } | null,
): Promise<z.infer<typeof Rows>> {
  const plan = PAGE_PLAN[query.sortBy];
  const d = query.sortDirection;
  const states = [...new Set(query.states ?? [])];
  const depth = paging ? paging.offset + paging.limit : Infinity;
  let page: string;
  let params: unknown[];
  if (states.length > 0 && !query.searchText && depth <= MERGE_DEPTH) {
    const scoped = whereOf(scope, {});
    params = scoped.params;
    params.push(depth);
    const depthP = `$${params.length}`;
    const arms = states.map((state) => {
      params.push(state);
      return `(select s.id, ${plan.columns} from calculation_sets s where ${scoped.where} and s.state = $${params.length}
                order by ${plan.arm(d)} limit ${depthP})`;
    });
    page = `select p.* from (${arms.join(' union all ')}) p order by ${plan.page('p', d)}`;
  } else {
    const filtered = whereOf(scope, query);
    params = filtered.params;
    page = `select s.id, ${plan.columns} from calculation_sets s where ${filtered.where}
             order by ${ORDER[query.sortBy](d)}`;
  }
  if (paging) {
    params.push(paging.limit, paging.offset);
    page += ` limit $${params.length - 1} offset $${params.length}`;
  }
  const rows = await q.query(
    `with page as (${page})
     select ${ITEM_COLUMNS} from page p join calculation_sets s on s.id = p.id ${SELECTED_ROW} ${CONTRACT_OF_SET}
      order by ${plan.page('p', d)}`,
    params,
  );
  return Rows.parse(rows);
}

export async function countSets(
  q: Queryable,
  scope: ListScope,
  query: CalculationListQuery,
): Promise<number> {
  const { params, where } = whereOf(scope, query);
  const [row] = await q.query(`select count(*)::int as n from calculation_sets s where ${where}`, params);
  return z.object({ n: z.number() }).parse(row).n;
}

/** The states the scope holds, by a skip scan over the state index (one probe per state). */
export async function statesInScope(q: Queryable, scope: ListScope): Promise<CalculationState[]> {
  const { params, where } = whereOf(scope, {});
  const rows = await q.query(
    `with recursive t as (
       (select s.state from calculation_sets s where ${where} order by s.state limit 1)
       union all
       select (select s.state from calculation_sets s where ${where} and s.state > t.state order by s.state limit 1)
         from t where t.state is not null)
     select state from t where state is not null`,
    params,
  );
  return z
    .array(z.object({ state: CalculationStateSchema }))
    .parse(rows)
    .map((r) => r.state);
}

export async function quickSearchSets(q: Queryable, scope: ListScope, text: string, limit: number) {
  const { params, where } = whereOf(scope, { searchText: text });
  params.push(limit);
  const rows = await q.query(
    `select s.id as "calculationSetId", s.leading_variant_id as "calculationVariantId", s.last_edited_at as "lastEdited",
            s.name, s.applicant_name as "applicantName", s.sublessee_name as "sublesseeName",
            s.sublessee_name <> '' as "isSubLease", s.state
       from calculation_sets s where ${where} and s.leading_variant_id is not null
      order by s.last_edited_at desc limit $${params.length}`,
    params,
  );
  return QuickSearchRows.parse(rows);
}
