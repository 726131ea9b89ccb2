import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openPglite, openPostgres } from '../db/db';
import { migrate } from '../db/migrate';
import { seedDemoWorld } from '../demo/seed';
import { findPostgresBin, startCluster, type Cluster } from './postgres-cluster';

/**
 * Once per test run: a migrated, seeded PGlite data directory that every test restores
 * (0.6 s instead of a 4 s cold start), and, when PostgreSQL's server binaries are here, a
 * throwaway cluster with a template database to copy per test file.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
  }
}

export const TEMPLATE_DB = 'portal_template';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  const lite = await openPglite({ dataDir: path.join(dir, 'data') });
  await migrate(lite);
  await seedDemoWorld(lite);
  await lite.close();
  const dump = await dumpPglite(path.join(dir, 'data'));
  const dumpFile = path.join(dir, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', dumpFile);

  let cluster: Cluster | undefined;
  const bin = process.env.SKIP_POSTGRES === '1' ? undefined : findPostgresBin();
  if (bin) {
    cluster = await startCluster(bin);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const template = openPostgres(cluster.url.replace(/\/postgres$/, `/${TEMPLATE_DB}`));
    await migrate(template);
    await seedDemoWorld(template);
    await template.close();
    project.provide('postgresUrl', cluster.url);
  } else {
    console.log(
      'PostgreSQL server binaries not found (or SKIP_POSTGRES=1): server tests run on PGlite only.',
    );
    project.provide('postgresUrl', '');
  }

  return () => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
