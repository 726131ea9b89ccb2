/**
 * Offline under chaos (docs/offline.md, "The last save wins"): seeded, repeatable cycles of a
 * sales user in headless Chromium against the real server. Each cycle, offline, edits a few of
 * the user's calculations in the editor, now and then attaches a file or drafts a new
 * calculation; then it comes back online while something goes wrong: the network drops again
 * mid-replay, the server is killed with SIGKILL and restarted mid-replay, or the device's token
 * expired while it was away. Now and then the tab's renderer crashes right after a save click.
 * After each cycle the server must hold the device's last save of every calculation, every file
 * once, and every new calculation once.
 *
 * `npm run bench` runs it; alone: `node --import tsx bench/chaos.ts` (CHAOS_CYCLES, CHAOS_SEED).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { signIn, USERS } from '../e2e/support';
import { generator, openAgain, outbox, persisted, server, storedToken, type Token } from './chaos-parts';
import { findPostgresBin, freePort, startCluster } from '../src/server/test/postgres-cluster';

/** Longer than the app's renewal lead (120 s), so that a token captured now is expired later. */
const TOKEN_TTL_S = 150;
const POOL = 4;
const PDF = Buffer.from(
  '%PDF-1.4\n% chaos bench\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

export interface ChaosResult {
  database: string;
  seed: number;
  cycles: number;
  saves: number;
  uploads: number;
  creates: number;
  events: Record<string, number>;
  lost: number;
  duplicated: number;
  stuck: number;
  failures: string[];
  seconds: number;
}

const step = (text: string) => {
  if (process.env.CHAOS_VERBOSE) console.error(`  ${new Date().toISOString().slice(11, 23)} ${text}`);
};

export async function benchChaos(
  cycles = Number(process.env.CHAOS_CYCLES ?? 100),
  seed = Number(process.env.CHAOS_SEED ?? 2026),
): Promise<ChaosResult> {
  const bin = findPostgresBin();
  const cluster = bin ? await startCluster(bin) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-chaos-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const api = server({
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ACCESS_TOKEN_TTL: String(TOKEN_TTL_S),
    // The demo users sign in; a PostgreSQL database gets them only when asked for.
    DEMO_DATA: '1',
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  });
  await api.start();
  const browser = await chromium.launch(chromiumLaunchOptions());
  const began = performance.now();
  const result: ChaosResult = {
    database: cluster ? 'PostgreSQL' : 'PGlite',
    seed,
    cycles,
    saves: 0,
    uploads: 0,
    creates: 0,
    events: {},
    lost: 0,
    duplicated: 0,
    stuck: 0,
    failures: [],
    seconds: 0,
  };
  const count = (event: string) => (result.events[event] = (result.events[event] ?? 0) + 1);
  try {
    const context = await browser.newContext({ baseURL: base });
    let page = await context.newPage();
    await signIn(page, USERS.jonas);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const call = async <T>(method: string, href: string, body?: unknown): Promise<T> => {
      const { accessToken } = await storedToken(page);
      const res = await fetch(`${base}/api${href}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${href}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const setCount = async () =>
      (await call<{ properties: { count: number } }>('GET', '/calculationSets?itemsPerPage=1')).properties
        .count;

    // The device's world: the calculations it edits, opened once online, and what it last saved.
    const pool: { ids: string; name: string; inputValue: number; files: string[] }[] = [];
    for (let i = 0; i < POOL; i++) {
      const created = await call<{ properties: Record<string, string> }>('POST', '/calculationSets', {
        calculationVariant: {
          name: `Chaos ${i}`,
          conditionListId: 'DE-RBT-VA-C3',
          productId: 'DE-RBT-VA',
          navBasedCalculation: true,
          inputValue: 5000,
          periodInMonths: 36,
          generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
        },
      });
      const ids = `${created.properties.calculationSetId}/${created.properties.calculationVariantId}`;
      pool.push({ ids, name: `Chaos ${i}`, inputValue: 5000, files: [] });
      await page.goto(`/calculations/${ids}/attachments`);
      await page.getByTestId('document-input').first().waitFor({ state: 'attached' });
      await persisted(page, [`"documents","${created.properties.calculationSetId}"`]);
      await page.goto(`/calculations/${ids}`);
      await page.getByTestId('results').waitFor();
      await persisted(page, [`"view","${ids.replace('/', '","')}"`]);
    }
    await page.goto('/calculations/new-calculation');
    await page.locator('[name="inputValue"]').waitFor();
    let expectedSets = await setCount();
    const tokens: Token[] = [await storedToken(page)];
    await page.waitForTimeout(1500);

    for (let cycle = 0; cycle < cycles; cycle++) {
      const cycleStarted = performance.now();
      const rng = generator(seed * 7919 + cycle);
      const failure = (what: string) => result.failures.push(`cycle ${cycle}: ${what}`);
      await context.setOffline(true);
      const crashAt = rng.chance(0.3) ? rng.int(1, 3) : 0;
      const edits = rng.int(1, 3);
      for (let edit = 1; edit <= edits; edit++) {
        const item = pool[rng.int(0, POOL - 1)]!;
        step(`edit ${edit} of ${item.ids}`);
        await page.goto(`/calculations/${item.ids}`);
        const name = page.locator('[name="name"]');
        try {
          await page.waitForFunction(
            (expected) => document.querySelector<HTMLInputElement>('[name="name"]')?.value === expected,
            item.name,
            { timeout: 15_000 },
          );
        } catch {
          const shot = path.join(tmpdir(), `chaos-${seed}-${cycle}-${edit}.png`);
          await page.screenshot({ path: shot });
          const shown = (await name.count()) ? await name.inputValue() : 'no editor';
          failure(`the editor opened offline without the last save "${item.name}" (${shown}; ${shot})`);
          if (shown === 'no editor') continue;
        }
        item.name = `Cycle ${cycle} edit ${edit}`;
        item.inputValue = rng.int(3000, 9000);
        await name.fill(item.name);
        await page.locator('[name="inputValue"]').fill(String(item.inputValue));
        await page.getByTestId('save').click();
        result.saves++;
        if (edit === crashAt) {
          // The tab dies right after the click, before anything asynchronous could finish. Its
          // session dies with it: the user opens the app again and signs in once online.
          count('tab crash after a save');
          const cdp = await context.newCDPSession(page);
          const crash = page.waitForEvent('crash', { timeout: 10_000 });
          void cdp.send('Page.crash').catch(() => undefined); // never answered: the page is gone
          await crash;
          await page.close().catch(() => undefined);
          page = await context.newPage();
          break;
        }
      }
      const crashed = crashAt > 0 && crashAt <= edits;
      if (rng.chance(0.25) && !crashed) {
        const item = pool[rng.int(0, POOL - 1)]!;
        const file = `chaos-${cycle}.pdf`;
        await page.goto(`/calculations/${item.ids}/attachments`);
        await page
          .getByTestId('document-input')
          .first()
          .setInputFiles({ name: file, mimeType: 'application/pdf', buffer: PDF });
        await page.getByText(`${file} is kept on this device`).waitFor();
        item.files.push(file);
        result.uploads++;
      }
      if (rng.chance(0.15) && !crashed) {
        await page.goto('/calculations/new-calculation');
        await page.locator('[name="inputValue"]').fill(String(rng.int(3000, 9000)));
        await page.locator('[name="generalObjectType"]').selectOption({ label: 'Laptop' });
        await page.getByTestId('save').click();
        await page.waitForURL(/\/calculations$/);
        expectedSets++;
        result.creates++;
      }

      // Back online, and something goes wrong on the way.
      // (A crashed tab signs in afresh: its token cannot have expired.)
      const events = ['none', 'network', 'server', ...(crashed ? [] : ['token'])];
      const event = events[rng.int(0, events.length - 1)]!;
      count(event);
      step(`event ${event}`);
      if (event === 'token') {
        // The newest token the device held that has expired; the first one, once it has.
        const expired = tokens.filter((t) => t.expiresAt * 1000 < Date.now() - 2000).at(-1) ?? tokens[0]!;
        const wait = expired.expiresAt * 1000 + 2000 - Date.now();
        if (wait > 0) await page.waitForTimeout(wait);
        // The device was away longer than its token lives: it starts again with the expired one.
        await page.evaluate((token) => {
          const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
          const user = JSON.parse(sessionStorage.getItem(key)!) as Record<string, unknown>;
          sessionStorage.setItem(
            key,
            JSON.stringify({ ...user, access_token: token.accessToken, expires_at: token.expiresAt }),
          );
        }, expired);
        await page.goto('/');
        await page.getByTestId('greeting').waitFor();
      }
      await context.setOffline(false);
      if (crashed) await openAgain(page);
      if (event === 'network') {
        await page.waitForTimeout(rng.int(20, 600));
        await context.setOffline(true);
        await page.waitForTimeout(rng.int(200, 1500));
        await context.setOffline(false);
      } else if (event === 'server') {
        await page.waitForTimeout(rng.int(20, 600));
        await api.kill();
        await api.start();
      }

      step('waiting for the outbox');
      // Everything back: the outbox empties by itself.
      const started = performance.now();
      let state = await outbox(page);
      while (state.count > state.stuck.length) {
        if (performance.now() - started > 120_000) break;
        await page.waitForTimeout(100);
        state = await outbox(page);
      }
      if (state.count > 0) {
        result.stuck += state.count;
        failure(`the outbox kept ${state.count} entries: ${state.stuck.join('; ') || 'waiting'}`);
      }

      step('checking the server');
      // The server holds the device's last save of everything, each file and new set once.
      for (const item of pool) {
        const saved = await call<{
          properties: { name: string; calculationVariant: { inputValue: number } };
        }>('GET', `/calculationSets/${item.ids.replace('/', '/calculationVariant/')}`);
        if (
          saved.properties.name !== item.name ||
          saved.properties.calculationVariant.inputValue !== item.inputValue
        ) {
          result.lost++;
          failure(`server holds "${saved.properties.name}", device saved "${item.name}"`);
          item.name = saved.properties.name;
          item.inputValue = saved.properties.calculationVariant.inputValue;
        }
        const documents = await call<{
          entities: { rel: string[]; entities: { properties: { name: string } }[] }[];
        }>('GET', `/calculationSets/${item.ids.split('/')[0]}/documents`);
        const names = documents.entities
          .find((g) => g.rel.includes('attachments'))!
          .entities.map((d) => d.properties.name);
        for (const file of item.files) {
          const copies = names.filter((n) => n === file).length;
          if (copies === 0) result.lost++;
          if (copies > 1) result.duplicated += copies - 1;
          if (copies !== 1) failure(`${file}: ${copies} copies on the server`);
        }
      }
      const sets = await setCount();
      if (sets !== expectedSets) {
        if (sets > expectedSets) result.duplicated += sets - expectedSets;
        else result.lost += expectedSets - sets;
        failure(`${sets} sets on the server, ${expectedSets} made`);
        expectedSets = sets;
      }
      step('waiting for the device copy');
      tokens.push(await storedToken(page));
      console.error(
        `chaos cycle ${cycle + 1}/${cycles}: ${crashed ? 'tab crash, ' : ''}${event}, ` +
          `${((performance.now() - cycleStarted) / 1000).toFixed(1)} s, ${result.failures.length} failures`,
      );
      // The device's copy of each calculation takes the delivered answers (a page opened later
      // offline starts from them): wait until it is written, as a user's next trip would.
      if (
        !(await persisted(
          page,
          pool.map((item) => `"name":"${item.name}"`),
        ))
      )
        failure('the device did not keep the delivered saves');
    }
    await context.close();
  } finally {
    result.seconds = Math.round((performance.now() - began) / 1000);
    await browser.close();
    await api.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchChaos());
