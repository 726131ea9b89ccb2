import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from './config';

/** Inputs of the PWA build: when one is newer than dist/index.html, the build is stale. */
const INPUTS = ['src', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(
    entries.filter((e) => !e.includes('.test.')).map((e) => newestMtime(path.join(target, e))),
  );
  return Math.max(info.mtimeMs, ...times);
}

/** Builds the PWA with Vite when dist/ is missing or older than its sources. */
export async function ensureBuild(distDir: string, log: (msg: string) => void): Promise<void> {
  const built = (await stat(path.join(distDir, 'index.html')).catch(() => undefined))?.mtimeMs ?? 0;
  const sources = Math.max(...(await Promise.all(INPUTS.map((i) => newestMtime(path.join(ROOT_DIR, i))))));
  if (built >= sources) return;
  log(built ? 'The PWA build is older than its sources: building…' : 'No PWA build yet: building…');
  const { build } = await import('vite');
  await build({ root: ROOT_DIR, logLevel: 'warn' });
}
