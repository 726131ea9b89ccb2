/**
 * Lighthouse 12 with its default (mobile) preset, simulated throttling, in the system Chromium,
 * against the built app on a fresh data directory with the demo world: the sign-in page as a
 * first visit (a signed-out visitor opening `/`), then, signed in, the dashboard, the calculation
 * list and the calculation editor (storage kept between the runs, so the session and the
 * service worker are there, as on a returning user's phone).
 * Targets: performance ≥ 95 and accessibility 100 on each page.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { DEMO_PASSWORD } from '../src/server/demo/world';
import { freePort } from '../src/server/test/postgres-cluster';

export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100 } as const;

export interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse warned about or failed on, if anything. */
  problems: string[];
}

async function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const started = Date.now();
  while (
    !(await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() - started > 90_000) throw new Error('the server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

async function audit(page: Page, url: string, name: string): Promise<PageScore> {
  const result = await lighthouse(
    url,
    {
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      logLevel: 'error',
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    page: name,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(value('largest-contentful-paint')),
    fcpMs: Math.round(value('first-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    problems: [
      ...(result.lhr.runtimeError
        ? [`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`]
        : []),
      ...result.lhr.runWarnings,
    ],
  };
}

export async function benchLighthouse(): Promise<PageScore[]> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const server = await startServer(port, dataDir);
  const { executablePath, args } = chromiumLaunchOptions();
  const browser = await puppeteer.launch({ executablePath, args, headless: true });
  try {
    const page = await browser.newPage();
    const scores = [await audit(page, `${origin}/`, 'sign-in page (first visit)')];

    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
    await page.locator('input[name="email"]').fill('erik.berg@nordic-office.example');
    await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
    // Back in the app with a session (the greeting may sit in the closed menu on a phone).
    await page.waitForFunction(
      () =>
        window.location.pathname === '/' &&
        Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:')),
    );
    const editor = await page.evaluate(async () => {
      const session = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(session)!) as { access_token: string }).access_token;
      const list = (await (
        await fetch('/api/calculationSets', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { entities: { properties: { calculationSetId: string; calculationVariantId: string } }[] };
      const first = list.entities[0]!.properties;
      return `/calculations/${first.calculationSetId}/${first.calculationVariantId}`;
    });
    scores.push(await audit(page, `${origin}/`, 'dashboard'));
    scores.push(await audit(page, `${origin}/calculations`, 'calculation list'));
    scores.push(await audit(page, `${origin}${editor}`, 'calculation editor'));
    return scores;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('lighthouse.ts')) {
  for (const s of await benchLighthouse()) console.log(s);
}
