import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Db } from '../db/db';
import { loadIdentitySecrets } from '../identity/keys';

/**
 * What server tests run against: the real app (buildApp) on a fresh copy of the seeded
 * database, once on PGlite and once on PostgreSQL when the test run started a cluster.
 */
export type DbKind = 'pglite' | 'postgres';

export const DB_KINDS: DbKind[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh copy of the seeded database; `url` is the PostgreSQL one (for a second server copy). */
export async function openTestDb(kind: DbKind): Promise<Db & { url?: string }> {
  if (kind === 'pglite')
    return openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  const adminUrl = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template portal_template`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const db = openPostgres(url);
  return {
    ...db,
    url,
    close: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

export const TEST_URL = 'http://portal.test';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ PUBLIC_URL: TEST_URL, LOG_LEVEL: 'silent' }),
    distDir: '/nonexistent',
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db & { url?: string };
  config: Config;
  /** A token signed with the embedded provider's key; claims and lifetime can be bent per test. */
  token(
    accountEmail: string,
    bend?: {
      claims?: JWTPayload;
      expiresIn?: string | number;
      key?: 'own' | 'foreign';
      /** Seconds since the epoch; now by default. */
      issuedAt?: number;
    },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(kind: DbKind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await openTestDb(kind);
  const config = testConfig(overrides);
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const secrets = await loadIdentitySecrets(db, config.oidc.keySecrets);
  return {
    app,
    db,
    config,
    async token(email, bend = {}) {
      const [account] = await db.query<{ id: string }>(
        'select id from accounts where lower(email) = lower($1)',
        [email],
      );
      const key =
        bend.key === 'foreign'
          ? (await import('jose')).generateKeyPair('RS256').then((k) => k.privateKey)
          : importJWK(secrets.signingKey, 'RS256');
      return new SignJWT({
        iss: config.oidc.issuer,
        aud: config.oidc.audience,
        sub: account?.id ?? 'unknown',
        scope: 'api',
        client_id: config.oidc.clientId,
        ...bend.claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
        .setIssuedAt(bend.issuedAt)
        .setExpirationTime(bend.expiresIn ?? '5m')
        .sign(await key);
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export const DEMO = {
  anna: 'anna.lind@nordic-office.example',
  erik: 'erik.berg@nordic-office.example',
  maja: 'maja.holm@nordic-office.example',
  sofia: 'sofia.ek@nordic-office.example',
  lukas: 'lukas.weber@rheinland-buero.example',
  jonas: 'jonas.koch@rheinland-buero.example',
  api: 'api.connector@rheinland-buero.example',
} as const;

/** The id of a demo person's user at a partner, and of their profile on a brand. */
export async function userIdOf(db: Db, email: string, partnerId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'select u.id from users u join accounts a on a.id = u.account_id where lower(a.email) = lower($1) and u.partner_id = $2',
    [email, partnerId],
  );
  return row!.id;
}

export async function profileIdOf(db: Db, email: string, brandId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `select up.id from user_profiles up join users u on u.id = up.user_id join accounts a on a.id = u.account_id
      where lower(a.email) = lower($1) and up.brand_id = $2 and up.deleted_at is null`,
    [email, brandId],
  );
  return row!.id;
}
