/**
 * The data of `npm run bench:scale` (bench/scale.ts): 10,000,000 calculation sets with their
 * leading variant and 2,000,000 contracts over 5,000 brands, one of them (the demo brand SE-NOS)
 * holding 500,000 sets and 100,000 contracts, all times SCALE. Filled in generate_series SQL as
 * bench/lists.ts and bench/contracts.ts do, but in batches, with the tables' secondary indexes
 * dropped during the fill and built again after it (the same definitions), and with foreign key
 * and derivation triggers off (session_replication_role = replica): ids, brands and contract
 * states are written as the triggers would have written them, the dashboard's figures counted
 * after the fill.
 */
import pg from 'pg';
import { WORDS } from './server';

export interface FillSize {
  sets: number;
  contracts: number;
  brands: number;
  bigBrandSets: number;
  bigBrandContracts: number;
  /** Generated sales people per brand, and extra ones on SE-NOS beside the demo users. */
  profilesPerBrand: number;
  bigBrandProfiles: number;
}

export function sizeOf(scale: number): FillSize {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  return {
    sets: n(10_000_000, 1_000),
    contracts: n(2_000_000, 200),
    brands: n(5_000, 5),
    bigBrandSets: n(500_000, 100),
    bigBrandContracts: n(100_000, 20),
    profilesPerBrand: 8,
    bigBrandProfiles: 50,
  };
}

const BATCH = 500_000;
const SET_STATES = [
  'inWork',
  'offerToCustomer',
  'requestToGrenke',
  'readyToSign',
  'missingQuoteInfo',
  'contractPrinted',
  'declined',
  'canceled',
];

/** Deterministic ids of the g-th generated set and its variant: no update pass to link them. */
const setId = (g: string) => `md5('scale-set-' || ${g})::uuid`;
const variantId = (g: string) => `md5('scale-variant-' || ${g})::uuid`;

/** One connection: the session's settings hold for every statement of the fill. */
interface Session {
  query<T extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export async function fillScale(url: string, size: FillSize, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fillWith(
      {
        query: async <T extends object>(text: string, params?: unknown[]) =>
          (await client.query<T & pg.QueryResultRow>(text, params)).rows,
      },
      size,
      log,
    );
  } finally {
    await client.end();
  }
}

async function fillWith(db: Session, size: FillSize, log: (line: string) => void): Promise<void> {
  const step = async (what: string, sql: string, params: unknown[] = []) => {
    const start = performance.now();
    await db.query(sql, params);
    log(`  ${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };
  await db.query('set session_replication_role = replica');
  await db.query(`set maintenance_work_mem = '1GB'`);
  await fillPeople(db, size, step);

  const dropped = await dropSecondaryIndexes(db, ['calculation_sets', 'calculation_variants', 'contracts']);
  log(`  ${dropped.length} secondary indexes dropped for the fill`);
  const [template] = await db.query<{ payload: unknown; results: unknown }>(
    'select payload, results from calculation_variants order by created_at limit 1',
  );
  for (let from = 1; from <= size.sets; from += BATCH) {
    const to = Math.min(size.sets, from + BATCH - 1);
    await step(
      `sets and variants ${from.toLocaleString('en')}–${to.toLocaleString('en')}`,
      `with s as (
         insert into calculation_sets (id, leading_variant_id, partner_id, brand_id, user_profile_id, last_saved_by,
                                       applicant_name, sublessee_name, state, last_edited_at, created_at)
         select ${setId('g')}, ${variantId('g')}, p.partner_id, p.brand_id, p.id, p.user_id,
                ($1::text[])[1 + (g * 7) % cardinality($1::text[])] || ' ' || ($1::text[])[1 + (g * 13) % cardinality($1::text[])]
                  || ' ' || (g % 997) || ' AB',
                case when g % 11 = 0 then ($1::text[])[1 + (g * 5) % cardinality($1::text[])] || ' Hyr AB' else '' end,
                ($2::text[])[1 + (g * 31) % cardinality($2::text[])],
                t.edited, t.edited - make_interval(days => (g % 40)::int)
           from generate_series($3::bigint, $4::bigint) g
           cross join lateral (select now() - make_interval(secs => (g * 157) % (540 * 86400)) as edited) t
           join scale_profiles p on p.k = ${profileOf('g', size.bigBrandSets)}
         returning id, leading_variant_id, state, created_at, last_edited_at, last_saved_by)
       insert into calculation_variants (id, calculation_set_id, position, state, payload, results, created_at,
                                         last_edited_at, last_saved_by)
       select s.leading_variant_id, s.id, 1, s.state, $5, $6, s.created_at, s.last_edited_at, s.last_saved_by from s`,
      [WORDS, SET_STATES, from, to, JSON.stringify(template!.payload), JSON.stringify(template!.results)],
    );
  }
  for (let from = 1; from <= size.contracts; from += BATCH) {
    const to = Math.min(size.contracts, from + BATCH - 1);
    await step(
      `contracts ${from.toLocaleString('en')}–${to.toLocaleString('en')}`,
      // As bench/contracts.ts: starts over eight years and the coming months, terms of 24 to 60
      // months, some cancelled, some returned and paid; the state as the calendar gives it.
      `insert into contracts (reference_code, partner_id, brand_id, user_profile_id, customer_name, sub_lessee_name,
                              customer_email, start_date, end_date, period_in_months, nav, instalment, net_instalment,
                              annual_rate_percent, residual_value, cancelled_at, returned_at, paid_at, state)
       select x.*, contract_state_of(x.start_date, x.end_date, x.returned_at, x.cancelled_at, x.paid_at,
                                     (now() at time zone 'UTC')::date)
         from (
           select '9' || lpad(((g / 10000000) % 100)::text, 2, '0') || '-' || lpad((g % 10000000)::text, 7, '0'),
                  p.partner_id, p.brand_id, p.id,
                  ($1::text[])[1 + (g * 7) % cardinality($1::text[])] || ' ' || ($1::text[])[1 + (g * 13) % cardinality($1::text[])]
                    || ' ' || (g % 997) || ' AB',
                  case when g % 11 = 0 then ($1::text[])[1 + (g * 5) % cardinality($1::text[])] || ' Hyr AB' else '' end,
                  'kund' || g || '@bench.example',
                  s.start as start_date, (s.start + make_interval(months => s.months))::date - 1 as end_date, s.months,
                  10000 + (g % 90) * 500, 250 + (g % 90) * 12, 250 + (g % 90) * 12, 5.9, 0,
                  case when g % 23 = 0 then s.start + 400 end as cancelled_at,
                  case when g % 17 = 0 then (s.start + make_interval(months => s.months))::date + 20 end as returned_at,
                  case when g % 17 = 0 then (s.start + make_interval(months => s.months))::date + 20 end as paid_at
             from generate_series($2::bigint, $3::bigint) g
             cross join lateral (select current_date - ((g * 7919) % 2920)::int + 60 as start,
                                        (array[24, 36, 48, 60])[1 + g % 4] as months) s
             join scale_profiles p on p.k = ${profileOf('g', size.bigBrandContracts)}) x`,
      [WORDS, from, to],
    );
  }
  for (const index of dropped) await step(`index ${index.name}`, index.definition);
  await db.query('set session_replication_role = origin');
  // The dashboard's figures (migration 027) are kept by triggers, which were off: count them now.
  await step('dashboard figures', 'select calculation_figures_rebuild()');
  for (const table of ['calculation_sets', 'calculation_variants', 'contracts'])
    await step(`vacuum analyze ${table}`, `vacuum analyze ${table}`);
}

/**
 * Profile of the g-th row: scale_profiles numbers SE-NOS's profiles 0…b-1 and the generated
 * brands' b…n-1; the first `big` rows go round SE-NOS's, the others round the generated ones.
 */
function profileOf(g: string, big: number): string {
  return `case when ${g} <= ${big} then ${g} % (select count(*) from scale_profiles where big)
               else (select count(*) from scale_profiles where big)
                    + ${g} % (select count(*) from scale_profiles where not big) end`;
}

/** Partners (two brands each), their brands, and sales people (account, user, profile) on them. */
async function fillPeople(
  db: Session,
  size: FillSize,
  step: (what: string, sql: string, params?: unknown[]) => Promise<void>,
): Promise<void> {
  const brands = size.brands - 1;
  await step(
    'partners',
    `insert into partners (id, name, country_iso, company_locale, available_languages, default_language)
     select '9' || lpad((b % 100)::text, 2, '0') || '-' || lpad((b / 100)::text, 5, '0'), 'Bench partner ' || b, 'SE',
            'sv-SE', '{sv-SE,en-IE}', 'sv-SE'
       from generate_series(0, ($1::int - 1) / 2) b`,
    [brands],
  );
  await step(
    'brands',
    `insert into brands (id, partner_id, name, branding)
     select 'BENCH-' || b, '9' || lpad(((b / 2) % 100)::text, 2, '0') || '-' || lpad(((b / 2) / 100)::text, 5, '0'),
            'Bench brand ' || b, 'office'
       from generate_series(0, $1::int - 1) b`,
    [brands],
  );
  // Sales people: profilesPerBrand on each generated brand, bigBrandProfiles more on SE-NOS.
  await step(
    'sales people',
    `with people as (
       select k, case when k < $2 then '752-10001' else b.partner_id end as partner_id,
              case when k < $2 then 'SE-NOS' else b.id end as brand_id
         from generate_series(0, $2 + $1::int * $3 - 1) k
         left join brands b on k >= $2 and b.id = 'BENCH-' || ((k - $2) / $3)),
     a as (insert into accounts (id, email)
           select md5('scale-account-' || k)::uuid, 'sales' || k || '@bench.example' from people),
     u as (insert into users (id, account_id, partner_id, first_name, last_name, has_global_access)
           select md5('scale-user-' || k)::uuid, md5('scale-account-' || k)::uuid, partner_id,
                  'Säljare', 'Nummer ' || k, k % 4 = 0 from people)
     insert into user_profiles (id, user_id, brand_id, is_default)
     select md5('scale-profile-' || k)::uuid, md5('scale-user-' || k)::uuid, brand_id, true from people`,
    [brands, size.bigBrandProfiles, size.profilesPerBrand],
  );
  // Every profile numbered: SE-NOS's (the demo users' among them) first.
  await step(
    'profile numbers',
    `create table scale_profiles as
     select (row_number() over (order by up.brand_id <> 'SE-NOS', up.id) - 1)::int as k,
            up.brand_id = 'SE-NOS' as big, up.id, up.user_id, u.partner_id, up.brand_id
       from user_profiles up join users u on u.id = up.user_id
      where up.deleted_at is null and (up.brand_id = 'SE-NOS' or up.brand_id like 'BENCH-%')`,
  );
  await db.query('create unique index on scale_profiles (k)');
  await db.query('analyze scale_profiles');
}

/** Drops the tables' indexes other than primary keys and unique ones; answers how to make them again. */
async function dropSecondaryIndexes(
  q: Session,
  tables: string[],
): Promise<{ name: string; definition: string }[]> {
  const rows = await q.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid = any($1::regclass[]) and not i.indisprimary and not i.indisunique`,
    [tables],
  );
  for (const r of rows) await q.query(`drop index ${r.name}`);
  return rows;
}
