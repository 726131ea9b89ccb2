/**
 * The two-copy set-up of docs/operations.md, for the journeys of this folder: one throwaway
 * PostgreSQL, two copies of the built production server (`build/server/serve.js`, made by
 * `npm run build`, as docs/operations.md deploys it) started together on the empty database,
 * and nginx in front of them, round robin. The copies' process ids go to the tests
 * (CLUSTER_PIDS) so that one can be killed mid-journey. Their mail goes through a relay of this
 * process (relay.ts), whose page the journeys read signing mails from (RELAY_URL).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPostgresBin, freePorts, portTaken, startCluster } from '../src/server/test/postgres-cluster';
import { startRelay } from './relay';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SERVER = 'build/server/serve.js';
export const CLUSTER_PORT = Number(process.env.CLUSTER_PORT ?? 8290);
export const CLUSTER_URL = `http://localhost:${CLUSTER_PORT}`;

async function healthy(url: string, within: number, copy?: ChildProcess): Promise<void> {
  const until = Date.now() + within;
  while (Date.now() < until) {
    if (copy && copy.exitCode !== null) throw new Error(`a copy exited with ${copy.exitCode} while starting`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${within} ms`);
}

export default async function setUp(): Promise<() => Promise<void>> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('The two-copy journeys need PostgreSQL server binaries (Debian: postgresql).');
  // The tests know nginx's port from the configuration; everything behind it takes a free one.
  if (await portTaken(CLUSTER_PORT))
    throw new Error(
      `Port ${CLUSTER_PORT} is taken (a cluster an earlier run left behind? \`ss -ltnp 'sport = :${CLUSTER_PORT}'\` names it); stop it or set CLUSTER_PORT.`,
    );
  if (!existsSync(SERVER))
    throw new Error(
      `No server build at ${SERVER}: run \`npm run build\` (npm test builds it before this stage).`,
    );
  const database = await startCluster(bin);
  const relay = await startRelay();
  const COPY_PORTS = await freePorts(2);
  const copies = COPY_PORTS.map((port) =>
    spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SIMULATORS: '1',
        DEMO_DATA: '1',
        DATABASE_URL: database.url,
        PORT: String(port),
        PUBLIC_URL: CLUSTER_URL,
        TRUST_PROXY: '1',
        IDENTITY_KEY_SECRET: 'the-cluster-journeys-seal-their-identity-keys',
        SMTP_URL: relay.smtpUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  let nginx: ChildProcess | undefined;
  const tearDown = async () => {
    nginx?.kill('SIGQUIT');
    // A copy killed by a test has a signal and no exit code.
    const running = copies.filter((copy) => copy.exitCode === null && copy.signalCode === null);
    const exited = running.map((copy) => new Promise((r) => copy.once('exit', r)));
    for (const copy of running) copy.kill('SIGTERM');
    await Promise.all(exited);
    database.stop();
    relay.stop();
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    // Both start at once on the empty database: migrations, demo data and keys are made once.
    await Promise.all(
      copies.map((copy, i) => healthy(`http://127.0.0.1:${COPY_PORTS[i]}/api/health`, 120_000, copy)),
    );
    // Started by root, nginx's workers run as nobody: they buffer a body above 16 KB (a price list)
    // in body/, so they must reach and write its folders, not only the master.
    chmodSync(prefix, 0o755);
    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(prefix, dir));
      chmodSync(path.join(prefix, dir), 0o777);
    }
    const conf = readFileSync(path.join(import.meta.dirname, 'nginx.conf.template'), 'utf8')
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{PORT}}', String(CLUSTER_PORT))
      .replaceAll(
        '{{UPSTREAMS}}',
        COPY_PORTS.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n    '),
      );
    writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    const check = spawnSync(NGINX, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr}`);
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
    await healthy(`${CLUSTER_URL}/api/health`, 10_000);
  } catch (error) {
    await tearDown();
    throw error;
  }
  process.env.CLUSTER_PIDS = copies.map((c) => c.pid).join(',');
  process.env.RELAY_URL = relay.pageUrl;
  return tearDown;
}
