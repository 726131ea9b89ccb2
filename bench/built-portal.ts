/**
 * The built PWA served by the real server on a fresh data directory with the demo world, and a
 * demo salesperson signed in through the sign-in page in a puppeteer page: what the browser
 * benchmarks (Lighthouse, interactions) measure.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { DEMO_PASSWORD } from '../src/server/demo/world';
import { freePort } from '../src/server/test/postgres-cluster';

export async function startBuiltPortal(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: origin,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const started = Date.now();
  while (
    !(await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() - started > 90_000) throw new Error('the server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `measure` in a page of the system Chromium against a freshly started built portal, then stops both. */
export async function inBuiltPortal<T>(measure: (page: Page, origin: string) => Promise<T>): Promise<T> {
  const portal = await startBuiltPortal();
  const { executablePath, args } = chromiumLaunchOptions();
  const browser = await puppeteer.launch({ executablePath, args, headless: true });
  try {
    return await measure(await browser.newPage(), portal.origin);
  } finally {
    await browser.close();
    await portal.stop();
  }
}

/** Signs a demo salesperson in; back on the start screen with a session. */
export async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.locator('input[name="email"]').fill('erik.berg@nordic-office.example');
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
  // The greeting may sit in the closed menu on a phone: wait for the session instead.
  await page.waitForFunction(
    () =>
      window.location.pathname === '/' &&
      Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:')),
  );
}

/** Calls the API as the signed-in user of the page. */
export function callApi<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async (path, init) => {
      const session = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(session)!) as { access_token: string }).access_token;
      const response = await fetch(path.startsWith('/api/') ? path : `/api/${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return (await response.json()) as unknown;
    },
    path,
    init,
  ) as Promise<T>;
}

interface ListAnswer {
  entities: {
    properties: { calculationSetId: string; calculationVariantId: string };
    actions?: { name: string; href: string; method: string; fields?: { name: string; value?: unknown }[] }[];
  }[];
}

/** The editor of the most recent calculation of the demo world; with `copy`, its set gets a second variant first. */
export async function firstEditorPath(page: Page, { copy = false } = {}): Promise<string> {
  const first = (await callApi<ListAnswer>(page, 'calculationSets')).entities[0]!;
  const { calculationSetId, calculationVariantId } = first.properties;
  if (copy) {
    const action = first.actions?.find((a) => a.name === 'copy-variant');
    if (!action) throw new Error('the first calculation offers no copy');
    const body = Object.fromEntries((action.fields ?? []).map((f) => [f.name, f.value]));
    await callApi(page, action.href, { method: action.method, body });
  }
  return `/calculations/${calculationSetId}/${calculationVariantId}`;
}
