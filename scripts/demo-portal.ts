/**
 * A portal on a throwaway demo database, for the scripts that film or photograph it for the
 * manual (help-screenshots.ts, help-videos.ts): started from the sources, stopped on exit.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../src/server/demo/world';

export async function startDemoPortal(port: number): Promise<{ base: string; stop: () => void }> {
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'help-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The throwaway database goes with the portal.
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  server.once('exit', removeData);
  const stop = () => server.kill('SIGTERM');
  process.on('exit', () => {
    stop();
    removeData();
  });
  // Interrupted, the script still leaves through 'exit' (a signal alone skips it).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('the portal did not start');
}

/** Signs a demo user in (English sign-in page) and waits for the start screen. */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/?l=en-IE`);
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('greeting').waitFor();
}
