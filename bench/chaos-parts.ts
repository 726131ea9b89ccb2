/**
 * The parts of the browser benches (bench/chaos.ts, bench/offline.ts): a seeded generator, the
 * server as a process that can be killed, and what the benches read of the device.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { persistedCache, signIn, USERS } from '../e2e/support';

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
  };
}

/**
 * One account sends a whole run's saves and uploads: the per-account limits (docs/security.md,
 * "Limits") are counted as usual but set out of reach, as the run measures something else.
 */
const UNLIMITED = Object.fromEntries(
  ['RATE_LIMIT_SAVES', 'RATE_LIMIT_UPLOADS'].map((name) => [name, '1000000000']),
);

/** The API server as a child process that can be killed without warning and started again. */
export function server(env: Record<string, string>) {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, LOG_LEVEL: 'warn', SKIP_BUILD: '1', ...UNLIMITED, ...env },
      stdio: 'ignore',
    });
    const started = performance.now();
    while (
      !(await fetch(`${env.PUBLIC_URL}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (performance.now() - started > 120_000) throw new Error('the server did not start within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill(signal);
    await exited;
  };
  return { start, kill: () => stop('SIGKILL'), stop: () => stop('SIGTERM') };
}

export interface Token {
  accessToken: string;
  expiresAt: number;
}
export const storedToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
    const user = JSON.parse(sessionStorage.getItem(key)!) as { access_token: string; expires_at: number };
    return { accessToken: user.access_token, expiresAt: user.expires_at };
  });

/** The outbox as the device holds it: how many entries, and those waiting for the user. */
export const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ count: number; stuck: string[] }>((resolve, reject) => {
        const open = indexedDB.open('partner-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            open.result.close();
            const rows = all.result as { state: string; label: string; lastError?: string }[];
            resolve({
              count: rows.length,
              stuck: rows
                .filter((r) => r.state === 'conflict' || r.state === 'failed')
                .map((r) => `${r.state}: ${r.label}: ${r.lastError ?? ''}`),
            });
          };
        };
      }),
  );

/** A new tab of the app: signed in again (at once, where the identity provider still knows the user). */
export async function openAgain(page: Page) {
  await page.goto('/');
  const form = page.getByLabel(/e-mail/i);
  await form.or(page.getByTestId('greeting')).first().waitFor({ timeout: 30_000 });
  if (await form.isVisible()) await signIn(page, USERS.jonas);
}

/**
 * Waits until the device's persisted query cache holds every text; it is written shortly after
 * a change. False after 15 s.
 */
export async function persisted(page: Page, texts: string[]): Promise<boolean> {
  const until = performance.now() + 15_000;
  while (performance.now() < until) {
    const kept = await persistedCache(page).catch(() => '');
    if (texts.every((t) => kept.includes(t))) return true;
    await page.waitForTimeout(200);
  }
  return false;
}
