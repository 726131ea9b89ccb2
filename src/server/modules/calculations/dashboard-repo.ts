import type { CalculationState } from '../../../domain/calculation/states';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { calculationStateCounts } from '../../db/schema';

/**
 * The start screen's figures (the dashboard module's, through index.ts), in the scope of the calculation list (a set
 * carries the state of its leading variant): the counts and the volume from the figures the writes keep (migration 027),
 * the newest sets through the indexes of migrations 006 and 026.
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

/** Sets per state: the counts the writes keep (migration 027), a row per profile and state. */
export async function countByState(
  q: Queryable,
  scope: DashboardScope,
): Promise<Map<CalculationState, number>> {
  const c = calculationStateCounts;
  const rows = await orm(q)
    .select({ state: c.state, n: sql<number>`sum(${c.n})::int` })
    .from(c)
    .where(
      and(
        eq(c.brandId, scope.brandId),
        scope.userProfileId ? eq(c.userProfileId, scope.userProfileId) : undefined,
      ),
    )
    .groupBy(c.state)
    .having(sql`sum(${c.n}) <> 0`);
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
 * Sets created since `from` (the start of a month in the caller's clock, as dashboardMonths
 * gives it), per month of the caller's clock: how many, and the sum of their leading variant's
 * NAV in `currencyCode` (the typed NAV of a NAV-based variant, else the NAV of its selected
 * result). Read from the figures the writes keep (migration 027): the UTC months from the one
 * with the label of `from`'s month, and at each month's turn the minutes between the turn and the
 * caller's offset counted in their month of the caller's clock instead of their UTC one (one
 * range of the index per turn: the fence keeps the planner from reading all the brand's minutes).
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
  const first = `(($${fromP}::timestamptz at time zone 'UTC') - make_interval(mins => $${offsetP}::int))`;
  const rows = await q.query(
    `select x.month, sum(x.sets)::int as count,
            coalesce(round(sum(x.nav) filter (where x.currency_code = $${currencyP}), 2), 0)::float8 as amount
       from (
         select to_char(s.month at time zone 'UTC', 'YYYY-MM') as month, s.currency_code, s.sets, s.nav
           from calculation_volume s
          where ${where} and s.month >= date_trunc('month', ${first}) at time zone 'UTC'
         union all
         select m.month, s.currency_code, m.sign * s.sets, m.sign * s.nav
           from generate_series(0, 13) k
          cross join lateral (select (date_trunc('month', ${first}) + make_interval(months => k)) at time zone 'UTC' as at) t
          cross join lateral (
            select s.minute, s.currency_code, s.sets, s.nav from calculation_volume_turns s
             where ${where} and s.minute >= t.at + make_interval(mins => least($${offsetP}::int, 0))
               and s.minute < t.at + make_interval(mins => greatest($${offsetP}::int, 0))
            offset 0) s
          cross join lateral (values
            (to_char((s.minute at time zone 'UTC') - make_interval(mins => $${offsetP}::int), 'YYYY-MM'), 1),
            (to_char(s.minute at time zone 'UTC', 'YYYY-MM'), -1)) m(month, sign)) x
      where x.month >= to_char(${first}, 'YYYY-MM')
      group by x.month
     having sum(x.sets) <> 0`,
    params,
  );
  return z.array(MonthRow).parse(rows);
}
