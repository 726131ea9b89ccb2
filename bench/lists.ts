/**
 * The calculation list and the quick search with 100,000 calculation sets in PostgreSQL (a
 * throwaway cluster; PGlite when no PostgreSQL binaries are here), through the real server over
 * loopback. Each figure is the latency of sequential requests as the client sees them.
 * Targets: a list page with a state filter and sort p95 ≤ 30 ms; quick search p95 ≤ 50 ms.
 */
import type { Db } from '../src/server/db/db';
import { measureRequests, startBenchServer, WORDS, type Latency } from './server';

export const SETS = 100_000;

/** 100,000 sets with one variant each, spread over the brand's profiles, states and 18 months. */
export async function fill(db: Db): Promise<void> {
  const [template] = await db.query<{ payload: unknown; results: unknown }>(
    'select payload, results from calculation_variants order by created_at limit 1',
  );
  const states = [
    'inWork',
    'offerToCustomer',
    'requestToGrenke',
    'readyToSign',
    'missingQuoteInfo',
    'contractPrinted',
    'declined',
    'canceled',
  ];
  await db.query(
    `insert into calculation_sets (partner_id, brand_id, user_profile_id, applicant_name, state, last_edited_at, created_at)
     select p.partner_id, p.brand_id, p.id,
            ($1::text[])[1 + (g * 7) % cardinality($1::text[])] || ' ' || ($1::text[])[1 + (g * 13) % cardinality($1::text[])]
              || ' ' || (g % 997) || ' AB',
            ($2::text[])[1 + (g * 31) % cardinality($2::text[])],
            now() - make_interval(secs => (g * 157) % (540 * 86400)), now() - interval '600 days'
       from generate_series(1, $3::int) g
       join lateral (select up.id, u.partner_id, up.brand_id, row_number() over (order by up.id) - 1 as k,
                            count(*) over () as n
                       from user_profiles up join users u on u.id = up.user_id
                      where up.brand_id = 'SE-NOS' and up.deleted_at is null) p on p.k = g % p.n`,
    [WORDS, states, SETS],
  );
  await db.query(
    `insert into calculation_variants (calculation_set_id, position, state, payload, results)
     select s.id, 1, s.state, $1, $2 from calculation_sets s where s.leading_variant_id is null`,
    [JSON.stringify(template!.payload), JSON.stringify(template!.results)],
  );
  await db.query(
    `update calculation_sets s set leading_variant_id = v.id
       from calculation_variants v where v.calculation_set_id = s.id and s.leading_variant_id is null`,
  );
  await db.query('vacuum analyze calculation_sets');
  await db.query('vacuum analyze calculation_variants');
}

export async function benchLists(): Promise<{
  database: string;
  sets: number;
  list: Latency;
  listOwn: Latency;
  listByName: Latency;
  quickSearch: Latency;
}> {
  const server = await startBenchServer(fill);
  try {
    const erik = await server.auth('erik.berg@nordic-office.example');
    const maja = await server.auth('maja.holm@nordic-office.example');
    const base = `${server.origin}/api`;
    const page = () => 1 + Math.floor(Math.random() * 50);
    const word = () => WORDS[Math.floor(Math.random() * WORDS.length)]!.slice(0, 5).toLowerCase();

    const list = await measureRequests(
      () =>
        `${base}/calculationSets?states=inWork&states=offerToCustomer&sortBy=lastEdited&sortDirection=desc&page=${page()}`,
      erik,
    );
    const listOwn = await measureRequests(
      () => `${base}/calculationSets?states=readyToSign&sortBy=lastEdited&sortDirection=desc&page=${page()}`,
      maja,
    );
    const listByName = await measureRequests(
      () => `${base}/calculationSets?states=declined&sortBy=applicantName&sortDirection=asc&page=${page()}`,
      erik,
    );
    const quickSearch = await measureRequests(
      () => `${base}/search/quicksearch?searchText=${encodeURIComponent(word())}`,
      erik,
    );
    return {
      database: server.database,
      sets: SETS,
      list,
      listOwn,
      listByName,
      quickSearch,
    };
  } finally {
    await server.close();
  }
}
