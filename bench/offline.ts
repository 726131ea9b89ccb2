/**
 * The offline targets of docs/offline.md, in the system Chromium (headless) against the real server
 * on a throwaway PostgreSQL cluster (PGlite when no PostgreSQL binaries are here):
 * - offline start: with the network cut, from navigation to the shell greeting the last user
 *   (target ≤ 1 s);
 * - replay: 200 queued saves and 50 uploads of 100 KB, written into the device's outbox while
 *   offline, sent by the app's own outbox once online (target ≤ 20 s), then checked on the
 *   server: every save arrived, every set has exactly one attachment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { signIn, USERS } from '../e2e/support';
import { findPostgresBin, freePort, startCluster } from '../src/server/test/postgres-cluster';
import { server } from './chaos-parts';

const SAVES = 200;
const UPLOADS = 50;
const UPLOAD_BYTES = 100 * 1024;

/** Calls the API with the page's token, from Node. */
function caller(page: Page, base: string) {
  let token: string | undefined;
  return async <T>(method: string, href: string, body?: unknown): Promise<T> => {
    token ??= await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
    });
    const res = await fetch(`${base}${href}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${href}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

const VARIANT = {
  conditionListId: 'DE-RBT-VA-C3',
  productId: 'DE-RBT-VA',
  navBasedCalculation: true,
  inputValue: 5000,
  periodInMonths: 36,
  generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
};

interface Saved {
  properties: { calculationSetId: string; calculationVariantId: string; etag: string; name: string };
}

export async function benchOffline(): Promise<{
  database: string;
  offlineStartMs: number[];
  replayMs: number;
  saves: number;
  uploads: number;
  lost: number;
  duplicated: number;
}> {
  const bin = findPostgresBin();
  const cluster = bin ? await startCluster(bin) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-offline-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const portal = server({
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    // The demo users sign in; a PostgreSQL database gets them only when asked for.
    DEMO_DATA: '1',
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  });
  await portal.start();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await signIn(page, USERS.jonas);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    // The sync panel opens the device's database; its cache of the start screen is written.
    await page.goto('/sync');
    await page.getByRole('heading', { name: 'Waiting to be sent' }).waitFor();
    await page.waitForTimeout(1500);

    await context.setOffline(true);
    const offlineStartMs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await page.goto('/');
      await page.getByTestId('greeting').waitFor();
      offlineStartMs.push(Math.round(performance.now() - started));
    }

    // The sets the queued saves change, made online beforehand (as another session would have).
    await context.setOffline(false);
    const api = caller(page, `${base}/api`);
    const sets: Saved[] = [];
    for (let k = 0; k < SAVES; k += 8)
      sets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, SAVES - k) }, (_, j) =>
            api<Saved>('POST', '/calculationSets', {
              calculationVariant: { ...VARIANT, name: `Bench ${k + j}` },
            }),
          ),
        )),
      );

    await context.setOffline(true);
    // tsx names the functions it compiles (`__name`); the page has no such helper.
    await page.evaluate('window.__name = (f) => f');
    await page.evaluate(
      async ({ sets, uploads, bytes, variant }) => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
        const owner = (JSON.parse(sessionStorage.getItem(key)!) as { profile: { sub: string } }).profile.sub;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('partner-portal');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const tx = db.transaction(['outbox', 'files'], 'readwrite');
        const pdf = new Uint8Array(bytes);
        pdf.set([...'%PDF-1.4\n'].map((c) => c.charCodeAt(0)));
        // A PDF ends with %%EOF, or the upload refuses it (src/server/files/pdf.ts).
        pdf.set(
          [...'\n%%EOF\n'].map((c) => c.charCodeAt(0)),
          bytes - 7,
        );
        const entry = (n: number) => ({
          id: `0000000000-${n.toString(36).padStart(4, '0')}`,
          owner,
          profileId: '',
          idempotencyKey: crypto.randomUUID(),
          attempts: 0,
          nextAttemptAt: 0,
          state: 'pending',
          createdAt: Date.now(),
        });
        sets.forEach((s, i) => {
          const { calculationSetId: set, calculationVariantId: v, etag } = s.properties;
          tx.objectStore('outbox').add({
            ...entry(i),
            entityKey: `variant:${set}/${v}`,
            label: `Replayed ${i}`,
            method: 'PUT',
            path: `calculationSets/${set}/calculationVariant/${v}`,
            body: { calculationVariant: { ...variant, name: `Replayed ${i}`, inputValue: 6000 + i } },
            ifMatch: etag,
          });
        });
        for (let i = 0; i < uploads; i++) {
          const set = sets[i]!.properties.calculationSetId;
          const fileId = `file-${i}`;
          tx.objectStore('files').add({
            id: fileId,
            owner,
            name: `bench-${i}.pdf`,
            type: 'application/pdf',
            size: bytes,
            lastModified: Date.now(),
            category: 'other',
            data: new Blob([pdf], { type: 'application/pdf' }),
          });
          tx.objectStore('outbox').add({
            ...entry(sets.length + i),
            entityKey: `documents:${set}`,
            label: `bench-${i}.pdf`,
            method: 'POST',
            path: `calculationSets/${set}/documents/base64?documentType=other`,
            fileId,
          });
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { sets, uploads: UPLOADS, bytes: UPLOAD_BYTES, variant: VARIANT },
    );

    // Online again: the app's outbox sends everything; timed until the outbox is empty.
    const started = performance.now();
    await context.setOffline(false);
    const waiting = () =>
      page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const open = indexedDB.open('partner-portal');
          open.onsuccess = () => resolve(open.result);
        });
        const count = await new Promise<number>((resolve) => {
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => resolve(req.result);
        });
        db.close();
        return count;
      });
    while ((await waiting()) > 0) {
      if (performance.now() - started > 120_000) throw new Error('the outbox did not empty within 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const replayMs = Math.round(performance.now() - started);

    // Nothing lost, nothing twice.
    let lost = 0;
    let duplicated = 0;
    for (const [i, s] of sets.entries()) {
      const { calculationSetId: set, calculationVariantId: v } = s.properties;
      const now = await api<Saved>('GET', `/calculationSets/${set}/calculationVariant/${v}`);
      if (now.properties.name !== `Replayed ${i}`) lost++;
      if (i >= UPLOADS) continue;
      const docs = await api<{ entities: { rel: string[]; entities: unknown[] }[] }>(
        'GET',
        `/calculationSets/${set}/documents`,
      );
      const attachments = docs.entities.find((g) => g.rel.includes('attachments'))!.entities.length;
      if (attachments === 0) lost++;
      if (attachments > 1) duplicated += attachments - 1;
    }
    return {
      database: cluster ? 'PostgreSQL' : 'PGlite',
      offlineStartMs,
      replayMs,
      saves: SAVES,
      uploads: UPLOADS,
      lost,
      duplicated,
    };
  } finally {
    await browser.close();
    await portal.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchOffline());
