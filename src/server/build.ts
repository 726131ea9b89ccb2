import { spawn } from 'node:child_process';
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

/**
 * `vite build` in a process of its own, its output (each step of the build) shown as it goes. Not
 * in this one: `npm start` runs under tsx's loader, and the React compiler's Babel preset, which
 * Babel loads through require, then loses `import.meta.resolve` and the build fails.
 */
function viteBuild(): Promise<void> {
  const vite = path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: ROOT_DIR, stdio: 'inherit' });
    // Stopped while building (Ctrl-C, SIGTERM): the build stops too, not writing dist/ on its own.
    const stop = () => child.kill('SIGTERM');
    process.once('exit', stop);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `the PWA build failed (vite build ${signal ? `stopped by ${signal}` : `ended with ${code}`})`,
          ),
        );
    });
  });
}

/** Builds the PWA with Vite when dist/ is missing or older than its sources. */
export async function ensureBuild(distDir: string, log: (msg: string) => void): Promise<void> {
  const built = (await stat(path.join(distDir, 'index.html')).catch(() => undefined))?.mtimeMs ?? 0;
  const sources = Math.max(...(await Promise.all(INPUTS.map((i) => newestMtime(path.join(ROOT_DIR, i))))));
  if (built >= sources) return;
  log(
    built
      ? 'The PWA build is older than its sources: building (about a minute)…'
      : 'No PWA build yet: building (about a minute, once)…',
  );
  await viteBuild();
}
