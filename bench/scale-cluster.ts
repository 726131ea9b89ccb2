/**
 * The PostgreSQL 15 cluster of `npm run bench:scale`, kept in BENCH_SCALE_DIR (default
 * .bench-scale/ in the repository, gitignored) and reused while it holds the same fill: fill.json
 * beside the data directory names the SCALE and the fill's version and time. Any other content
 * is wiped and filled again. As bench/server.ts's throwaway clusters, it runs as the postgres
 * user when started as root, with fsync off; unlike them it has room for the data
 * (shared_buffers 2 GB, minimal and large WAL) and stops cleanly so the next run finds it whole.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPostgres, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { seedDemoWorld } from '../src/server/demo/seed';
import { findPostgresBin, freePort, pgRunner } from '../src/server/test/postgres-cluster';
import { fillScale, sizeOf, type FillSize } from './scale-fill';

/** Raise when the fill changes: an older fill is then made again. */
const FILL_VERSION = 1;

export interface ScaleCluster {
  url: string;
  db: Db;
  size: FillSize;
  fill: { reused: boolean; seconds: number; at: string };
  /** Migrations applied at this start (new ones run on the filled tables). */
  migrated: string[];
  stop(): Promise<void>;
}

interface Marker {
  version: number;
  scale: number;
  seconds: number;
  at: string;
}

export async function startScaleCluster(scale: number, log: (line: string) => void): Promise<ScaleCluster> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error('bench:scale needs PostgreSQL server binaries (PG_BIN or /usr/lib/postgresql/*/bin)');
  const dir = path.resolve(process.env.BENCH_SCALE_DIR ?? '.bench-scale');
  const data = path.join(dir, 'data');
  const markerFile = path.join(dir, 'fill.json');
  const marker = existsSync(markerFile)
    ? (JSON.parse(readFileSync(markerFile, 'utf8')) as Marker)
    : undefined;
  const reuse = marker?.version === FILL_VERSION && marker.scale === scale && existsSync(data);
  const asRoot = process.getuid?.() === 0;
  const run = pgRunner(bin);
  if (!reuse) {
    log(`new cluster in ${dir} (SCALE ${scale})`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
  } else log(`reusing the cluster in ${dir} (SCALE ${scale}, filled ${marker.at})`);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=2GB',
    '-c effective_cache_size=8GB',
    // Bulk loads and index builds of the fill skip the WAL where they can.
    '-c wal_level=minimal',
    '-c max_wal_senders=0',
    '-c max_wal_size=8GB',
    '-c checkpoint_timeout=30min',
  ];
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '600',
    '-o',
    settings.join(' '),
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const db = openPostgres(url);
  const stop = async () => {
    await db.close();
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '600', 'stop']);
  };
  try {
    const size = sizeOf(scale);
    let fill: ScaleCluster['fill'];
    let migrated: string[];
    if (reuse) {
      const start = performance.now();
      migrated = await migrate(db);
      if (migrated.length)
        log(`migrations ${migrated.join(', ')}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
      await seedDemoWorld(db);
      fill = { reused: true, seconds: marker.seconds, at: marker.at };
    } else {
      const start = performance.now();
      migrated = await migrate(db);
      await seedDemoWorld(db);
      await fillScale(url, size, log);
      const seconds = Math.round((performance.now() - start) / 1000);
      fill = { reused: false, seconds, at: new Date().toISOString() };
      writeFileSync(markerFile, JSON.stringify({ version: FILL_VERSION, scale, ...fill }, null, 2));
    }
    return { url, db, size, fill, migrated, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
