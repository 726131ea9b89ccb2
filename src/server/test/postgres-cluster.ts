import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster for the tests, from the server binaries on this machine
 * (Debian: postgresql-15). initdb refuses root, so as root it runs as the postgres user.
 */
export interface Cluster {
  url: string;
  stop(): void;
}

export function findPostgresBin(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')));
}

/** Runs one of the server binaries, as the postgres user when this process is root. */
export function pgRunner(bin: string): (cmd: string, args: string[]) => void {
  const asRoot = process.getuid?.() === 0;
  return (cmd, args) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
}

export function startCluster(bin: string, port: number): Cluster {
  const base = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const data = path.join(base, 'data');
  const run = pgRunner(bin);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', base]);
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(data, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
  };
}
