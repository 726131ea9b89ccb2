/**
 * `npm run bench:scale` (opt-in; not part of `npm run bench` nor CI): the lists, the quick
 * search, the dashboard and the spreadsheet exports with 10,000,000 calculation sets and
 * 2,000,000 contracts over 5,000 brands in PostgreSQL 15, as the users of the largest brand
 * (SE-NOS: 500,000 sets, 100,000 contracts), sequential requests through the real server in its
 * own process. SCALE (default 1) multiplies the data; BENCH_SCALE_DIR (default .bench-scale/)
 * keeps the filled cluster for the next run. Exits non-zero when a target is missed.
 *
 *   nice -n 10 npm run bench:scale            # the first run fills the cluster (about an hour)
 *   SCALE=0.01 npm run bench:scale            # 100,000 sets, for development
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { startScaleCluster } from './scale-cluster';
import { benchConfig, measureRequests, tokenMinter, WORDS, type Latency } from './server';

const scale = Number(process.env.SCALE ?? '1');
if (!(scale > 0)) throw new Error(`SCALE must be a positive number, not ${process.env.SCALE}`);
const EXPORTS = 5;

let missed = 0;
const report = (name: string, value: string, ok = true) => {
  console.log(`${ok ? '✓' : '✗'} ${name.padEnd(60)} ${value}`);
  if (!ok) missed += 1;
};
const fmt = (l: Latency) => `p95 ${l.p95Ms} ms (p50 ${l.p50Ms} ms, max ${l.maxMs} ms)`;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const cluster = await startScaleCluster(scale, log);
const { db, size } = cluster;
const server = spawn(process.execPath, ['--import', 'tsx', 'bench/scale-server.ts'], {
  env: { ...process.env, DATABASE_URL: cluster.url },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const origin = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`the server ended (${code})`)));
  });
  const auth = await tokenMinter(db, benchConfig());
  const erik = await auth('erik.berg@nordic-office.example');
  const maja = await auth('maja.holm@nordic-office.example');
  const base = `${origin}/api`;
  const page = () => 1 + Math.floor(Math.random() * 50);
  const word = () => WORDS[Math.floor(Math.random() * WORDS.length)]!.slice(0, 5).toLowerCase();
  const [dbSize] = await db.query<{ total: string; sets: string; variants: string; contracts: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as total,
            pg_size_pretty(pg_total_relation_size('calculation_sets')) as sets,
            pg_size_pretty(pg_total_relation_size('calculation_variants')) as variants,
            pg_size_pretty(pg_total_relation_size('contracts')) as contracts`,
  );
  const [big] = await db.query<{ sets: number; contracts: number; majaSets: number }>(
    `select (select count(*)::int from calculation_sets where brand_id = 'SE-NOS') as sets,
            (select count(*)::int from contracts where brand_id = 'SE-NOS') as contracts,
            (select count(*)::int from calculation_sets s join user_profiles up on up.id = s.user_profile_id
               join users u on u.id = up.user_id join accounts a on a.id = u.account_id
              where a.email = 'maja.holm@nordic-office.example') as "majaSets"`,
  );
  console.log(
    `\nSCALE ${scale}: ${size.sets.toLocaleString('en')} sets, ${size.contracts.toLocaleString('en')} contracts, ` +
      `${size.brands.toLocaleString('en')} brands; SE-NOS holds ${big!.sets.toLocaleString('en')} sets ` +
      `(Maja's own ${big!.majaSets.toLocaleString('en')}) and ${big!.contracts.toLocaleString('en')} contracts`,
  );
  report(
    'database size',
    `${dbSize!.total} (sets ${dbSize!.sets}, variants ${dbSize!.variants}, contracts ${dbSize!.contracts}; indexes included)`,
  );
  report(
    'fill time',
    `${(cluster.fill.seconds / 60).toFixed(1)} min${cluster.fill.reused ? ` (reused, filled ${cluster.fill.at})` : ''}` +
      (cluster.migrated.length ? `; migrations applied now: ${cluster.migrated.join(', ')}` : ''),
  );

  const lists: [string, () => string, Record<string, string>][] = [
    [
      'calculation list: 2 states, by date',
      () =>
        `/calculationSets?states=inWork&states=offerToCustomer&sortBy=lastEdited&sortDirection=desc&page=${page()}`,
      erik,
    ],
    [
      'calculation list, own only: by date',
      () => `/calculationSets?states=readyToSign&sortBy=lastEdited&sortDirection=desc&page=${page()}`,
      maja,
    ],
    [
      'calculation list: by customer name',
      () => `/calculationSets?states=declined&sortBy=applicantName&sortDirection=asc&page=${page()}`,
      erik,
    ],
    [
      'contract list: 2 states, by date',
      () =>
        `/contracts?states=runningContract&states=expiringSoon&sortBy=startDate&sortDirection=desc&page=${page()}`,
      erik,
    ],
    [
      'contract list, own only: by date',
      () => `/contracts?states=prolongedContract&sortBy=startDate&sortDirection=desc&page=${page()}`,
      maja,
    ],
    [
      'contract list: by customer name',
      () => `/contracts?states=cancelled&sortBy=customerName&sortDirection=asc&page=${page()}`,
      erik,
    ],
  ];
  for (const [name, url, who] of lists) {
    const l = await measureRequests(() => `${base}${url()}`, who);
    report(name, `${fmt(l)} (target p95 ≤ 30 ms)`, l.p95Ms <= 30);
  }
  // Deep pages: 20 a page, pages around 1,000 (rows 20,000 on); a figure, no target.
  const deep = () => 990 + Math.floor(Math.random() * 20);
  const deepSets = await measureRequests(
    () =>
      `${base}/calculationSets?states=inWork&sortBy=lastEdited&sortDirection=desc&itemsPerPage=20&page=${deep()}`,
    erik,
    100,
  );
  report('calculation list, page ~1,000 of 20 (one state)', `${fmt(deepSets)} (no target)`);
  const deepContracts = await measureRequests(
    () =>
      `${base}/contracts?states=runningContract&sortBy=startDate&sortDirection=desc&itemsPerPage=20&page=${deep()}`,
    erik,
    100,
  );
  report('contract list, page ~1,000 of 20 (one state)', `${fmt(deepContracts)} (no target)`);
  const search = await measureRequests(
    () => `${base}/search/quicksearch?searchText=${encodeURIComponent(word())}`,
    erik,
  );
  report('quick search (sets and contracts)', `${fmt(search)} (target p95 ≤ 50 ms)`, search.p95Ms <= 50);
  for (const [who, headers] of [
    ['all of the brand', erik],
    ['own only', maja],
  ] as const) {
    // A clock in Sweden in winter: the volume then counts the hour after each month's turn again.
    const d = await measureRequests(
      () => `${base}/dashboard`,
      { ...headers, 'X-Timezone-Offset': '-60' },
      50,
    );
    report(`dashboard (GET /api/dashboard), ${who}`, `${fmt(d)} (target p95 ≤ 50 ms)`, d.p95Ms <= 50);
  }

  // Exports: the first 10,000 rows of the filtered list; the server's peak RSS over each series.
  const status = () => readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status())?.[1] ?? NaN);
  for (const [name, url] of [
    [
      'calculation list xlsx',
      '/calculationSets/excel?states=inWork&states=offerToCustomer&sortBy=lastEdited&sortDirection=desc',
    ],
    ['contract list xlsx', '/contracts/excel?states=runningContract&sortBy=startDate&sortDirection=desc'],
  ] as const) {
    const before = kb('VmRSS');
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    const times: number[] = [];
    let rows = 0;
    for (let k = 0; k < EXPORTS; k += 1) {
      const start = performance.now();
      const res = await fetch(`${base}${url}`, { headers: erik });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      const body = (await res.json()) as { contentAsBase64: string };
      times.push(Math.round(performance.now() - start));
      if (k === 0) {
        const { default: readXlsxFile } = await import('read-excel-file/node');
        const [sheet] = await readXlsxFile(Buffer.from(body.contentAsBase64, 'base64'));
        rows = (sheet?.data.length ?? 1) - 1;
      }
    }
    const slowest = Math.max(...times);
    report(
      `${name}, ${rows.toLocaleString('en')} rows`,
      `${(slowest / 1000).toFixed(2)} s slowest of ${EXPORTS} (target ≤ 3 s); server RSS ${Math.round(before / 1024)} MB before, ` +
        `peak ${Math.round(kb('VmHWM') / 1024)} MB during`,
      slowest <= 3000 && rows > 0,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await cluster.stop();
}
process.exit(missed ? 1 : 0);
