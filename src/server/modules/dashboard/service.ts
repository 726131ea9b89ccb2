import { STATE_CATEGORIES, type CalculationState } from '../../../domain/calculation/states';
import {
  ACTION_ITEMS_LIMIT,
  ACTION_KIND_NAMES,
  ACTION_KINDS,
  CATEGORY_NAMES,
  dashboardMonths,
  type Dashboard,
  type DashboardActionList,
} from '../../../domain/dashboard';
import type { DashboardEntity } from '../../../domain/api/dashboard';
import type { Db } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { requireProfile, scopeOf } from '../session/policy';
import { findLastSignIn } from '../session';
import { recentOfferLinks } from '../offer-links';
import { countSetsByState, newestSetsInStates, setVolumeByMonth } from '../calculations';

/** JavaScript's getTimezoneOffset range; anything else counts as UTC. */
export function parseOffset(header: string | string[] | undefined): number {
  const n = Number(Array.isArray(header) ? header[0] : header);
  return Number.isInteger(n) && Math.abs(n) <= 14 * 60 ? n : 0;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** GET /api/dashboard: the start screen's content in the scope of the calculation list. */
export async function dashboard(
  db: Db,
  caller: Caller,
  offsetMinutes: number,
  now = new Date(),
): Promise<DashboardEntity> {
  const scope = scopeOf(caller);
  const { months, from } = dashboardMonths(now, offsetMinutes);
  // The brand's sets are all in its currency.
  const currencyCode = requireProfile(caller).currencyCode;
  const [byState, volume, lastSignIn, offerLinks, ...newest] = await Promise.all([
    countSetsByState(db, scope),
    setVolumeByMonth(db, scope, from, offsetMinutes, currencyCode),
    findLastSignIn(db, caller.accountId),
    recentOfferLinks(db, scope, now),
    ...ACTION_KIND_NAMES.map((kind) => newestSetsInStates(db, scope, ACTION_KINDS[kind], ACTION_ITEMS_LIMIT)),
  ]);
  const sum = (states: readonly CalculationState[]) => states.reduce((n, s) => n + (byState.get(s) ?? 0), 0);
  const counts = Object.fromEntries(
    CATEGORY_NAMES.map((c) => [c, sum(STATE_CATEGORIES[c])]),
  ) as Dashboard['counts'];
  const actionItems = Object.fromEntries(
    ACTION_KIND_NAMES.map((kind, k) => [
      kind,
      {
        total: sum(ACTION_KINDS[kind]),
        items: newest[k]!.map((i) => ({ ...i, lastEdited: iso(i.lastEdited) })),
      } satisfies DashboardActionList,
    ]),
  ) as Dashboard['actionItems'];
  const byMonth = new Map(volume.map((v) => [v.month, v]));
  return {
    class: ['dashboard'],
    properties: {
      counts,
      actionItems,
      offerLinks,
      volume: months.map((month) => ({
        month,
        amount: byMonth.get(month)?.amount ?? 0,
        count: byMonth.get(month)?.count ?? 0,
      })),
      currencyCode,
      lastSignIn: lastSignIn ? iso(lastSignIn) : null,
    },
    links: [
      { rel: ['self'], href: '/api/dashboard' },
      { rel: ['calculations'], href: '/api/calculationSets' },
    ],
  };
}
