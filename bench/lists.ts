/**
 * The calculation list and the quick search with 100,000 calculation sets in PostgreSQL (a
 * throwaway cluster; PGlite when no PostgreSQL binaries are here), through the real server over
 * loopback. Each figure is the latency of sequential requests as the client sees them.
 * Targets: a list page with a state filter and sort p95 ≤ 30 ms; quick search p95 ≤ 50 ms.
 */
import type { AddressInfo } from 'node:net';
import { importJWK, SignJWT } from 'jose';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { seedDemoWorld } from '../src/server/demo/seed';
import { loadIdentitySecrets } from '../src/server/identity/keys';
import { findPostgresBin, startCluster } from '../src/server/test/postgres-cluster';

export const SETS = 100_000;
const REQUESTS = 300;

export interface Latency {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const WORDS = [
  'Nordic',
  'Berg',
  'Kontor',
  'Tandvård',
  'Bygg',
  'Trycksaker',
  'Logistik',
  'Kaffe',
  'Data',
  'Medical',
  'Skåne',
  'Göta',
  'Väst',
  'Norr',
  'Öresund',
  'Fjäll',
  'Sjö',
  'Skog',
  'Stål',
  'Glas',
  'Print',
  'Konsult',
  'Handel',
  'Service',
  'Teknik',
  'Maskin',
  'Optik',
  'Frisör',
  'Bageri',
  'Hotell',
  'Resor',
  'Media',
];

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

async function measure(urls: () => string, headers: Record<string, string>): Promise<Latency> {
  const times: number[] = [];
  for (let k = 0; k < REQUESTS; k += 1) {
    const start = performance.now();
    const res = await fetch(urls(), { headers });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if (k >= 20) times.push(performance.now() - start); // the first ones warm the caches
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

export async function benchLists(): Promise<{
  database: string;
  sets: number;
  list: Latency;
  listOwn: Latency;
  listByName: Latency;
  quickSearch: Latency;
}> {
  const bin = findPostgresBin();
  const cluster = bin ? startCluster(bin, 26432 + Math.floor(Math.random() * 1000)) : undefined;
  const db: Db = cluster ? openPostgres(cluster.url) : await openPglite();
  try {
    await migrate(db);
    await seedDemoWorld(db);
    await fill(db);
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:1' }),
      distDir: '/nonexistent',
    };
    const app = await buildApp({ config, db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const secrets = await loadIdentitySecrets(db);
    const key = await importJWK(secrets.signingKey, 'RS256');
    const tokenOf = async (email: string) => {
      const [account] = await db.query<{ id: string }>('select id from accounts where email = $1', [email]);
      const token = await new SignJWT({ scope: 'api' })
        .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
        .setIssuer(config.oidc.issuer)
        .setAudience(config.oidc.audience)
        .setSubject(account!.id)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
      return { authorization: `Bearer ${token}` };
    };
    const erik = await tokenOf('erik.berg@nordic-office.example');
    const maja = await tokenOf('maja.holm@nordic-office.example');
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const page = () => 1 + Math.floor(Math.random() * 50);
    const word = () => WORDS[Math.floor(Math.random() * WORDS.length)]!.slice(0, 5).toLowerCase();

    const list = await measure(
      () =>
        `${base}/calculationSets?states=inWork&states=offerToCustomer&sortBy=lastEdited&sortDirection=desc&page=${page()}`,
      erik,
    );
    const listOwn = await measure(
      () => `${base}/calculationSets?states=readyToSign&sortBy=lastEdited&sortDirection=desc&page=${page()}`,
      maja,
    );
    const listByName = await measure(
      () => `${base}/calculationSets?states=declined&sortBy=applicantName&sortDirection=asc&page=${page()}`,
      erik,
    );
    const quickSearch = await measure(
      () => `${base}/search/quicksearch?searchText=${encodeURIComponent(word())}`,
      erik,
    );
    await app.close();
    return {
      database: cluster ? 'PostgreSQL' : 'PGlite',
      sets: SETS,
      list,
      listOwn,
      listByName,
      quickSearch,
    };
  } finally {
    await db.close();
    cluster?.stop();
  }
}
