import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../domain/calculation/schemas';
import type { CalculationState } from '../../../domain/calculation/states';
import type { CalculationVariant } from '../../../domain/calculation/variant';
import { dashboardMonths } from '../../../domain/dashboard';
import type { Db, Queryable } from '../../db/db';
import { DB_KINDS, openTestDb } from '../../test/harness';
import { countByState, volumeByMonth, type DashboardScope } from './dashboard-repo';
import { moveSetsOfProfile } from './repo';
import { deleteVariantRow, findSet, insertSet, insertVariant, touchSet, updateVariantRow } from './set-repo';
import { changeVariantState, makeLeadingVariant } from './state-repo';

/**
 * The dashboard's figures are kept by triggers (migration 027). After a seeded random run of the
 * writes the code makes (and a few it does not: deleting a set, moving its creation time or its
 * currency), they must answer exactly as counting the sets did: the reference is the SQL of the
 * dashboard before migration 027.
 */
async function referenceCounts(q: Queryable, scope: DashboardScope): Promise<Map<string, number>> {
  const rows = await q.query<{ state: string; n: number }>(
    `select state, count(*)::int as n from calculation_sets
      where brand_id = $1 and ($2::uuid is null or user_profile_id = $2) group by state`,
    [scope.brandId, scope.userProfileId],
  );
  return new Map(rows.map((r) => [r.state, r.n]));
}

async function referenceVolume(
  q: Queryable,
  scope: DashboardScope,
  from: Date,
  offset: number,
  currency: string,
) {
  return q.query<{ month: string; amount: number; count: number }>(
    `select x.month, count(*)::int as count,
            coalesce(round(sum(x.nav) filter (where x.currency_code = $5), 2), 0)::float8 as amount
       from (
         select to_char((s.created_at at time zone 'UTC') - make_interval(mins => $4::int), 'YYYY-MM') as month,
                s.currency_code,
                case
                  when (v.payload->>'navBasedCalculation')::boolean then (v.payload->>'inputValue')::numeric
                  else (select (r->>'netAcquisitionValueAmount')::numeric from jsonb_array_elements(v.results) r
                         where (r->>'isSelected')::boolean limit 1)
                end as nav
           from calculation_sets s
           left join calculation_variants v on v.id = s.leading_variant_id
          where s.brand_id = $1 and ($2::uuid is null or s.user_profile_id = $2)
            and s.last_edited_at >= $3::timestamptz and s.created_at >= $3::timestamptz) x
      group by x.month`,
    [scope.brandId, scope.userProfileId, from.toISOString(), offset, currency],
  );
}

const byMonth = (rows: { month: string }[]) => [...rows].sort((a, b) => a.month.localeCompare(b.month));

/** A small deterministic generator (mulberry32), so that a failing run can be repeated. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]! };
}

/** Every accepted offset kind: whole hours, quarter and half hours, odd minutes, the extremes. */
const OFFSETS = [0, -60, -120, 300, -330, -345, 570, 7, -13, 840, -840];
const STATES: CalculationState[] = [
  'inWork',
  'offerToCustomer',
  'requestToGrenke',
  'readyToSign',
  'declined',
];
const SEED = 27;
const STEPS = 120;

interface Profile {
  id: string;
  brandId: string;
  userId: string;
  partnerId: string;
}

describe.each(DB_KINDS)('the dashboard figures kept by the writes (%s)', (kind) => {
  let db: Db;
  let profiles: Profile[];
  let template: { payload: CalculationVariant; results: ResultRow[] };

  beforeAll(async () => {
    db = await openTestDb(kind);
    profiles = await db.query<Profile>(
      `select up.id, up.brand_id as "brandId", u.id as "userId", u.partner_id as "partnerId"
         from user_profiles up join users u on u.id = up.user_id
        where up.deleted_at is null and up.brand_id in ('SE-NOS', 'DE-RBT') order by up.id`,
    );
    const [demo] = await db.query<{ id: string }>(
      'select id from calculation_sets where leading_variant_id is not null order by id limit 1',
    );
    const set = (await findSet(db, demo!.id))!;
    template = { payload: set.variants[0]!.payload, results: set.variants[0]!.results };
  });
  afterAll(() => db.close());

  const expectSame = async (scope: DashboardScope, offset: number, currency = 'EUR') => {
    const { from } = dashboardMonths(new Date(), offset);
    const what = `${scope.brandId} ${scope.userProfileId ?? 'brand'} offset ${offset} ${currency}`;
    expect(await countByState(db, scope), what).toEqual(await referenceCounts(db, scope));
    expect(byMonth(await volumeByMonth(db, scope, from, offset, currency)), what).toEqual(
      byMonth(await referenceVolume(db, scope, from, offset, currency)),
    );
  };
  const scopes = (): DashboardScope[] => [
    { brandId: 'SE-NOS', userProfileId: null },
    { brandId: 'DE-RBT', userProfileId: null },
    ...profiles.map((p) => ({ brandId: p.brandId, userProfileId: p.id })),
  ];

  it('answer as counting the sets did, after every kind of write', async () => {
    const r = random(SEED);
    const variant = () => {
      const navBased = r.int(2) === 0;
      const selected = r.int(template.results.length + 1) - 1;
      return {
        payload: {
          ...template.payload,
          navBasedCalculation: navBased,
          inputValue: 1000 + r.int(90000) + r.int(100) / 100,
        },
        results: template.results.map((row, k) => ({
          ...row,
          isSelected: k === selected,
          netAcquisitionValueAmount: 500 + r.int(50000) + r.int(100) / 100,
        })),
      };
    };
    const sets = async () =>
      db.query<{ id: string }>(
        "select id from calculation_sets where brand_id in ('SE-NOS', 'DE-RBT') order by id",
      );
    const anySet = async () => {
      const set = (await findSet(db, r.pick(await sets()).id))!;
      return { set, variant: r.pick(set.variants) };
    };
    const ops: Record<string, () => Promise<void>> = {
      create: () =>
        db.tx(async (q) => {
          const p = r.pick(profiles);
          const v = variant();
          const setId = await insertSet(q, {
            partnerId: p.partnerId,
            brandId: p.brandId,
            userProfileId: p.id,
            userId: p.userId,
            currencyCode: 'EUR',
            applicant: null,
            supplier: null,
            sublessee: null,
            creditAgencyReportIds: [],
          });
          const variantId = await insertVariant(q, setId, p.userId, v.payload, v.results);
          await touchSet(q, setId, p.userId, { variantId, state: 'inWork' });
        }),
      addVariant: async () => {
        const { set } = await anySet();
        await db.tx(async (q) => {
          const v = variant();
          const variantId = await insertVariant(q, set.id, profiles[0]!.userId, v.payload, v.results);
          if (r.int(2) === 0) await touchSet(q, set.id, profiles[0]!.userId, { variantId, state: 'inWork' });
        });
      },
      save: async () => {
        const { set, variant: saved } = await anySet();
        await db.tx(async (q) => {
          const state = r.pick(STATES);
          await updateVariantRow(q, saved.id, profiles[0]!.userId, {
            ...variant(),
            state,
            contentChanged: true,
          });
          if (r.int(3) > 0) await touchSet(q, set.id, profiles[0]!.userId, { variantId: saved.id, state });
        });
      },
      changeState: async () => {
        const { set, variant: changed } = await anySet();
        await db.tx((q) => changeVariantState(q, set, changed.id, r.pick(STATES)));
      },
      makeLeading: async () => {
        const { set, variant: leading } = await anySet();
        await db.tx((q) => makeLeadingVariant(q, set.id, leading.id, leading.state));
      },
      deleteVariant: async () => {
        const { set, variant: gone } = await anySet();
        if (set.variants.length === 1) return;
        await db.tx(async (q) => {
          await deleteVariantRow(q, gone.id);
          // Now and then the set keeps pointing at its deleted leading variant for a while.
          const next = set.variants.filter((v) => v.id !== gone.id).at(-1)!;
          if (set.leadingVariantId === gone.id && r.int(4) > 0)
            await touchSet(q, set.id, profiles[0]!.userId, { variantId: next.id, state: next.state });
        });
      },
      move: async () => {
        const from = r.pick(profiles);
        const to = profiles.filter((p) => p.brandId === from.brandId && p.id !== from.id);
        if (to.length) await db.tx((q) => moveSetsOfProfile(q, from.id, r.pick(to).id));
      },
      deleteSet: async () => {
        if (r.int(3) > 0) return;
        await db.query('delete from calculation_sets where id = $1', [r.pick(await sets()).id]);
      },
      // Created near the turn of a month (UTC) up to 14 months ago, to the second.
      backdate: async () => {
        const minutes = (r.int(2) === 0 ? 1 : 30) * (r.int(2 * 20 * 60) - 20 * 60);
        await db.query(
          `update calculation_sets
              set created_at = least(now(), (date_trunc('month', now() at time zone 'UTC') - make_interval(months => $2::int))
                                            at time zone 'UTC' + make_interval(mins => $3::int, secs => $4::int))
            where id = $1`,
          [r.pick(await sets()).id, r.int(14), minutes, r.int(60)],
        );
      },
      currency: async () => {
        await db.query('update calculation_sets set currency_code = $2 where id = $1', [
          r.pick(await sets()).id,
          r.pick(['EUR', 'SEK']),
        ]);
      },
      // Statements over many sets, each set changed its own way (migration 036 sums them per figure row).
      bulkUpdate: async () => {
        const ids = (await sets()).filter(() => r.int(3) === 0).map((s) => s.id);
        bulkRows.push(ids.length);
        await db.query(
          `update calculation_sets
              set state = case when get_byte(uuid_send(id), 0) % 2 = 0 then $2 else state end,
                  created_at = case when get_byte(uuid_send(id), 1) % 3 = 0 then created_at - interval '40 days'
                                    else created_at end
            where id = any($1::uuid[])`,
          [ids, r.pick(STATES)],
        );
      },
      // A bulk fill: sets, their variants, then every new set's leading variant, a statement each.
      bulkInsert: async () => {
        const ids = (await sets()).filter(() => r.int(4) === 0).map((s) => s.id);
        copiedRows.push(ids.length);
        const v = variant();
        await db.tx(async (q) => {
          await q.query(
            `with copied as (
               insert into calculation_sets (partner_id, brand_id, user_profile_id, state, created_at, currency_code)
               select partner_id, brand_id, user_profile_id, state, created_at, currency_code
                 from calculation_sets where id = any($1::uuid[])
               returning id, state)
             insert into calculation_variants (calculation_set_id, position, state, payload, results)
             select id, 1, state, $2, $3 from copied`,
            [ids, JSON.stringify(v.payload), JSON.stringify(v.results)],
          );
          await q.query(
            `update calculation_sets s set leading_variant_id = v.id
               from calculation_variants v where v.calculation_set_id = s.id and s.leading_variant_id is null`,
          );
        });
      },
    };
    const names = Object.keys(ops);
    // The seed picks the operations: the statements over many sets must have run, over several.
    const bulkRows: number[] = [];
    const copiedRows: number[] = [];
    for (let step = 0; step < STEPS; step += 1) {
      const name = names[r.int(names.length)]!;
      await ops[name]!();
      await expectSame(r.pick(scopes()), r.pick(OFFSETS), r.pick(['EUR', 'SEK']));
    }
    for (const scope of scopes()) for (const offset of OFFSETS) await expectSame(scope, offset);
    expect(Math.max(0, ...bulkRows)).toBeGreaterThan(1);
    expect(Math.max(0, ...copiedRows)).toBeGreaterThan(1);
  }, 300_000);

  it('hold exactly what counting them again from the sets gives', async () => {
    const volume = (table: string, bucket: string) =>
      db.query(
        `select brand_id, user_profile_id, ${bucket}, currency_code, sets, nav::float8 as nav from ${table}
          where sets <> 0 or nav <> 0 order by 1, 2, 3, 4`,
      );
    const snapshot = () =>
      Promise.all([
        db.query('select * from calculation_state_counts where n <> 0 order by 1, 2, 3'),
        volume('calculation_volume', 'month'),
        volume('calculation_volume_turns', 'minute'),
      ]);
    const kept = await snapshot();
    await db.query('select calculation_figures_rebuild()');
    expect(kept).toEqual(await snapshot());
  });
});
