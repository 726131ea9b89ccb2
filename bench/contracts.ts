/**
 * The contract list and its spreadsheet export with 200,000 contracts in PostgreSQL (a
 * throwaway cluster; PGlite when no PostgreSQL binaries are here), through the real server over
 * loopback. Each list figure is the latency of sequential requests as the client sees them.
 * Targets: a list page with a state filter and sort p95 ≤ 30 ms; the xlsx of 10,000 rows ≤ 3 s.
 *
 *   node --import tsx bench/contracts.ts
 */
import type { Db } from '../src/server/db/db';
import { measureRequests, startBenchServer, WORDS, type Latency } from './server';

export const CONTRACTS = 200_000;
const EXPORTS = 5;

/**
 * 200,000 contracts of Nordic Office Solutions, spread over the brand's profiles, starts over
 * the last eight years and the coming months and terms of 24 to 60 months, some cancelled, some
 * returned and paid: the calendar (migration 011's trigger) gives every contract state.
 */
export async function fill(db: Db): Promise<void> {
  await db.query(
    `insert into contracts (reference_code, partner_id, brand_id, user_profile_id, customer_name, sub_lessee_name,
                            customer_email, start_date, end_date, period_in_months, nav, instalment,
                            annual_rate_percent, residual_value, cancelled_at, returned_at, paid_at)
     select '752-' || lpad((1000000 + g)::text, 7, '0'), p.partner_id, p.brand_id, p.id,
            ($1::text[])[1 + (g * 7) % cardinality($1::text[])] || ' ' || ($1::text[])[1 + (g * 13) % cardinality($1::text[])]
              || ' ' || (g % 997) || ' AB',
            case when g % 11 = 0 then ($1::text[])[1 + (g * 5) % cardinality($1::text[])] || ' Hyr AB' else '' end,
            'kund' || g || '@bench.example',
            s.start, (s.start + make_interval(months => s.months))::date - 1, s.months,
            10000 + (g % 90) * 500, 250 + (g % 90) * 12, 5.9, 0,
            case when g % 23 = 0 then s.start + 400 end,
            case when g % 17 = 0 then (s.start + make_interval(months => s.months))::date + 20 end,
            case when g % 17 = 0 then (s.start + make_interval(months => s.months))::date + 20 end
       from generate_series(1, $2::int) g
       cross join lateral (select current_date - ((g * 7919) % 2920) + 60 as start,
                                  (array[24, 36, 48, 60])[1 + g % 4] as months) s
       join lateral (select up.id, u.partner_id, up.brand_id, row_number() over (order by up.id) - 1 as k,
                            count(*) over () as n
                       from user_profiles up join users u on u.id = up.user_id
                      where up.brand_id = 'SE-NOS' and up.deleted_at is null) p on p.k = g % p.n`,
    [WORDS, CONTRACTS],
  );
  await db.query('vacuum analyze contracts');
}

export async function benchContracts(): Promise<{
  database: string;
  contracts: number;
  states: Record<string, number>;
  list: Latency;
  listOwn: Latency;
  listByName: Latency;
  quickSearch: Latency;
  exportRows: number;
  exportMs: number[];
}> {
  const server = await startBenchServer(fill);
  try {
    // As autovacuum would have by now: the visibility map lets counts read the index alone.
    await server.db.query('vacuum analyze contracts');
    const erik = await server.auth('erik.berg@nordic-office.example');
    const maja = await server.auth('maja.holm@nordic-office.example');
    const base = `${server.origin}/api`;
    const page = () => 1 + Math.floor(Math.random() * 50);
    const word = () => WORDS[Math.floor(Math.random() * WORDS.length)]!.slice(0, 5).toLowerCase();
    const states = Object.fromEntries(
      (
        await server.db.query<{ state: string; n: number }>(
          `select state, count(*)::int as n from contracts where brand_id = 'SE-NOS' group by state order by state`,
        )
      ).map((r) => [r.state, r.n]),
    );

    const list = await measureRequests(
      () =>
        `${base}/contracts?states=runningContract&states=expiringSoon&sortBy=startDate&sortDirection=desc&page=${page()}`,
      erik,
    );
    const listOwn = await measureRequests(
      () => `${base}/contracts?states=prolongedContract&sortBy=startDate&sortDirection=desc&page=${page()}`,
      maja,
    );
    const listByName = await measureRequests(
      () => `${base}/contracts?states=cancelled&sortBy=customerName&sortDirection=asc&page=${page()}`,
      erik,
    );
    const quickSearch = await measureRequests(
      () => `${base}/search/quicksearch?searchText=${encodeURIComponent(word())}`,
      erik,
    );

    // The export: the first 10,000 rows of the filtered list, as a real xlsx in base64.
    const exportMs: number[] = [];
    let exportRows = 0;
    for (let k = 0; k < EXPORTS; k += 1) {
      const start = performance.now();
      const res = await fetch(
        `${base}/contracts/excel?states=runningContract&sortBy=startDate&sortDirection=desc`,
        {
          headers: erik,
        },
      );
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      const body = (await res.json()) as { contentAsBase64: string };
      exportMs.push(Math.round(performance.now() - start));
      if (k === 0) {
        const { default: readXlsxFile } = await import('read-excel-file/node');
        const [sheet] = await readXlsxFile(Buffer.from(body.contentAsBase64, 'base64'));
        exportRows = (sheet?.data.length ?? 1) - 1;
      }
    }
    return {
      database: server.database,
      contracts: CONTRACTS,
      states,
      list,
      listOwn,
      listByName,
      quickSearch,
      exportRows,
      exportMs,
    };
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchContracts();
  console.log(JSON.stringify(result, null, 2));
}
