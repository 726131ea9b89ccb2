/**
 * POST calculate on the real server against PostgreSQL (a throwaway cluster; PGlite when no
 * PostgreSQL binaries are here), loaded with autocannon over loopback from a worker thread,
 * next to a bare Fastify route with the same answer size in the same run. Throughput is taken
 * at saturation (16 connections), latency under a steady load of 4 connections.
 * Targets: p95 ≤ 5 ms and at least 3,000 requests/s. autocannon reports whole milliseconds and
 * the 90th and 97.5th percentiles: the 97.5th stands in for the 95th, from above.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { seedDemoWorld } from '../src/server/demo/seed';
import { loadIdentitySecrets } from '../src/server/identity/keys';
import { findPostgresBin, startCluster } from '../src/server/test/postgres-cluster';

export interface LoadFigures {
  /** At saturation (16 connections). */
  requestsPerSecond: number;
  /** Under 4 connections. */
  p90Ms: number;
  p97_5Ms: number;
  errors: number;
}

const BODY = JSON.stringify({
  navBasedCalculation: true,
  netAcquisitionValueAmount: 10_000,
  productId: 'SE-NOS-VA',
  selectedPeriod: 36,
  financingObjects: [{ objectTypeId: 'OT-LAPTOP', quantity: 2, price: 5_000 }],
  hasSpecificObjects: true,
});

async function load(url: string, headers: Record<string, string>): Promise<LoadFigures> {
  const run = (connections: number) =>
    autocannon({ url, method: 'POST', headers, body: BODY, connections, duration: 6, workers: 1 });
  const saturated = await run(16);
  const steady = await run(4);
  return {
    requestsPerSecond: Math.round(saturated.requests.average),
    p90Ms: steady.latency.p90,
    p97_5Ms: steady.latency.p97_5,
    errors: saturated.errors + saturated.non2xx + steady.errors + steady.non2xx,
  };
}

export async function benchCalculate(): Promise<{
  database: string;
  calculate: LoadFigures;
  bare: LoadFigures;
}> {
  const bin = findPostgresBin();
  const cluster = bin ? startCluster(bin, 25432 + Math.floor(Math.random() * 1000)) : undefined;
  const db: Db = cluster ? openPostgres(cluster.url) : await openPglite();
  try {
    await migrate(db);
    await seedDemoWorld(db);
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:1' }),
      distDir: '/nonexistent',
    };
    const app = await buildApp({ config, db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const secrets = await loadIdentitySecrets(db);
    const [account] = await db.query<{ id: string }>(
      `select id from accounts where email = 'erik.berg@nordic-office.example'`,
    );
    const token = await new SignJWT({ scope: 'api' })
      .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
      .setIssuer(config.oidc.issuer)
      .setAudience(config.oidc.audience)
      .setSubject(account!.id)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(await importJWK(secrets.signingKey, 'RS256'));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const port = (app.server.address() as AddressInfo).port;
    const probe = await fetch(`http://127.0.0.1:${port}/api/calculate/SE-NOS-VA-C3`, {
      method: 'POST',
      headers,
      body: BODY,
    });
    if (!probe.ok) throw new Error(`calculate answered ${probe.status}: ${await probe.text()}`);
    const answer = await probe.text();

    const bare = Fastify();
    bare.post('/bare', (_req, reply) => reply.type('application/json').send(answer));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareFigures = await load(
      `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`,
      headers,
    );
    await bare.close();
    const calculate = await load(`http://127.0.0.1:${port}/api/calculate/SE-NOS-VA-C3`, headers);
    await app.close();
    return { database: cluster ? 'PostgreSQL' : 'PGlite', calculate, bare: bareFigures };
  } finally {
    await db.close();
    cluster?.stop();
  }
}
