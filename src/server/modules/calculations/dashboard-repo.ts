import type { CalculationState } from '../../../domain/calculation/states';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { calculationSets } from '../../db/schema';

/**
 * The start screen's figures (the dashboard module's, through index.ts), in the scope of the calculation list: one row per set (a set
 * carries the state of its leading variant), through the indexes of migration 006.
 */
export interface DashboardScope {
  /** The selected brand; it belongs to the caller's partner. */
  brandId: string;
  /** Only this profile's sets (no global access). */
  userProfileId: string | null;
}

/**
 * The rows of the tuned queries below, whose SQL stays as written (lateral probes, the fenced
 * inner query): parsed by the column types of the schema. Both drivers give timestamptz back
 * as a Date (the service makes it an ISO string).
 */
const ActionItemRow = z.object({
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  customerName: z.string(),
  state: z.custom<CalculationState>((v) => typeof v === 'string'),
  lastEdited: z.date(),
});
type ActionItemRow = z.infer<typeof ActionItemRow>;

const MonthRow = z.object({ month: z.string(), amount: z.number(), count: z.number() });

function whereOf(scope: DashboardScope) {
  const params: unknown[] = [scope.brandId];
  const where = ['s.brand_id = $1'];
  if (scope.userProfileId) {
    params.push(scope.userProfileId);
    where.push(`s.user_profile_id = $${params.length}`);
  }
  return { params, where: where.join(' and ') };
}

/** Sets per state: the narrow (brand_id, state) index alone, or the profile's state index. */
export async function countByState(
  q: Queryable,
  scope: DashboardScope,
): Promise<Map<CalculationState, number>> {
  const s = calculationSets;
  const rows = await orm(q)
    .select({ state: s.state, n: count() })
    .from(s)
    .where(
      and(
        eq(s.brandId, scope.brandId),
        scope.userProfileId ? eq(s.userProfileId, scope.userProfileId) : undefined,
      ),
    )
    .groupBy(s.state);
  return new Map(rows.map((r) => [r.state, r.n]));
}

/**
 * The newest sets in some states: per state one ordered probe of the (brand or profile, state,
 * last_edited_at) index, then the newest of those few.
 */
export async function newestInStates(
  q: Queryable,
  scope: DashboardScope,
  states: readonly CalculationState[],
  limit: number,
): Promise<ActionItemRow[]> {
  const { params, where } = whereOf(scope);
  params.push(states, limit);
  const [statesP, limitP] = [params.length - 1, params.length];
  const rows = await q.query(
    `select x.* from unnest($${statesP}::text[]) as st(state)
       cross join lateral (
         select s.id as "calculationSetId", s.leading_variant_id as "calculationVariantId",
                s.applicant_name as "customerName", s.state, s.last_edited_at as "lastEdited"
           from calculation_sets s
          where ${where} and s.state = st.state and s.leading_variant_id is not null
          order by s.last_edited_at desc, s.id desc limit $${limitP}) x
      order by x."lastEdited" desc, x."calculationSetId" desc limit $${limitP}`,
    params,
  );
  return z.array(ActionItemRow).parse(rows);
}

/**
 * Sets created since `from`, per month of the caller's clock: how many, and the sum of their
 * leading variant's NAV in `currencyCode` (the typed NAV of a NAV-based variant, else the NAV
 * of its selected result). A set is edited no earlier than it was created, so the redundant
 * filter on last_edited_at lets the (brand or profile, last_edited_at) index narrow the scan to
 * recent sets. The inner query (fenced by `offset 0`) reads each variant's NAV once, so that the
 * grouping handles narrow rows in a hash rather than sorting whole payloads: with 100,000 sets
 * of one brand all in the last year, some 130 ms on PostgreSQL, most of it reading the jsonb.
 */
export async function volumeByMonth(
  q: Queryable,
  scope: DashboardScope,
  from: Date,
  offsetMinutes: number,
  currencyCode: string,
): Promise<{ month: string; amount: number; count: number }[]> {
  const { params, where } = whereOf(scope);
  params.push(from.toISOString(), offsetMinutes, currencyCode);
  const [fromP, offsetP, currencyP] = [params.length - 2, params.length - 1, params.length];
  const rows = await q.query(
    `select x.month, count(*)::int as count,
            coalesce(round(sum(x.nav) filter (where x.currency_code = $${currencyP}), 2), 0)::float8 as amount
       from (
         select to_char((s.created_at at time zone 'UTC') - make_interval(mins => $${offsetP}::int), 'YYYY-MM') as month,
                s.currency_code,
                case
                  when (v.payload->>'navBasedCalculation')::boolean then (v.payload->>'inputValue')::numeric
                  else (select (r->>'netAcquisitionValueAmount')::numeric from jsonb_array_elements(v.results) r
                         where (r->>'isSelected')::boolean limit 1)
                end as nav
           from calculation_sets s
           left join calculation_variants v on v.id = s.leading_variant_id
          where ${where} and s.last_edited_at >= $${fromP}::timestamptz and s.created_at >= $${fromP}::timestamptz
         offset 0) x
      group by x.month`,
    params,
  );
  return z.array(MonthRow).parse(rows);
}
