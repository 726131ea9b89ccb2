/**
 * The API server of a benchmark: a throwaway PostgreSQL cluster (PGlite when no PostgreSQL
 * binaries are here) with the migrations and the demo world, the real app on a free loopback
 * port, and access tokens minted with the identity provider's own signing key.
 */
import type { AddressInfo } from 'node:net';
import { importJWK, SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { seedDemoWorld } from '../src/server/demo/seed';
import { loadIdentitySecrets } from '../src/server/identity/keys';
import { findPostgresBin, startCluster } from '../src/server/test/postgres-cluster';

export interface BenchServer {
  database: 'PostgreSQL' | 'PGlite';
  db: Db;
  app: FastifyInstance;
  /** http://127.0.0.1:port */
  origin: string;
  /** The authorization header of a demo person. */
  auth(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function startBenchServer(
  prepare: (db: Db) => Promise<void> = async () => {},
): Promise<BenchServer> {
  const bin = findPostgresBin();
  const cluster = bin ? await startCluster(bin) : undefined;
  const db: Db = cluster ? openPostgres(cluster.url) : await openPglite();
  try {
    await migrate(db);
    await seedDemoWorld(db);
    await prepare(db);
    const config = benchConfig();
    const app = await buildApp({ config, db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await tokenMinter(db, config);
    return {
      database: cluster ? 'PostgreSQL' : 'PGlite',
      db,
      app,
      origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      auth,
      async close() {
        await app.close();
        await db.close();
        cluster?.stop();
      },
    };
  } catch (error) {
    await db.close();
    cluster?.stop();
    throw error;
  }
}

/** The authorization header of a demo person: an access token signed with the provider's own key. */
export async function tokenMinter(
  db: Db,
  config: ReturnType<typeof loadConfig>,
): Promise<(email: string) => Promise<{ authorization: string }>> {
  const secrets = await loadIdentitySecrets(db, config.oidc.keySecrets);
  const key = await importJWK(secrets.signingKey, 'RS256');
  return async (email) => {
    const [account] = await db.query<{ id: string }>('select id from accounts where email = $1', [email]);
    const token = await new SignJWT({ scope: 'api' })
      .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
      .setIssuer(config.oidc.issuer)
      .setAudience(config.oidc.audience)
      .setSubject(account!.id)
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(key);
    return { authorization: `Bearer ${token}` };
  };
}

/** The configuration of a bench's server: silent, no built PWA. */
/**
 * One account makes all of a load run's calls: the per-account limits are counted as usual (their
 * cost is part of the figures) but set out of reach.
 */
export function benchConfig() {
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:1' });
  const unlimited = Object.fromEntries(Object.keys(config.rateLimits).map((kind) => [kind, 1e9]));
  return { ...config, rateLimits: unlimited as typeof config.rateLimits, distDir: '/nonexistent' };
}

export interface Latency {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** p50, p95 and max of a list of milliseconds. */
export function percentiles(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

/** Words that company names of the generated lists are made of, and searched for. */
export const WORDS = [
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

/** Latency of sequential GETs as the client sees them; the first 20 warm the caches. */
export async function measureRequests(
  urls: () => string,
  headers: Record<string, string>,
  requests = 300,
): Promise<Latency> {
  const times: number[] = [];
  for (let k = 0; k < requests; k += 1) {
    const start = performance.now();
    const res = await fetch(urls(), { headers });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if (k >= 20) times.push(performance.now() - start);
  }
  return percentiles(times);
}
