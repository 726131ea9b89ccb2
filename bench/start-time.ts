/**
 * How long `npm start` takes on a built tree and an existing database until it answers:
 * the server is started once to create the database, then started and stopped N times,
 * timing spawn → first 200 from /api/health. Target: under 5 s.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/test/postgres-cluster';

export const START_TARGET_MS = 5000;

async function startOnce(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function measureStartTime(runs = 3): Promise<{ firstStartMs: number; startsMs: number[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const port = await freePort();
  try {
    const firstStartMs = await startOnce(dataDir, port);
    const startsMs: number[] = [];
    for (let i = 0; i < runs; i++) startsMs.push(await startOnce(dataDir, port));
    return { firstStartMs, startsMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
