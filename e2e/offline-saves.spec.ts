import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, signIn, USERS } from './support';

/**
 * A save made without a connection is the one thing the device promises to keep: these journeys
 * leave the page at once after the click, on a device whose storage is slow.
 */

/** Signed in as Jonas with the service worker in control, so that the app also starts offline. */
async function start(page: Page): Promise<void> {
  await signIn(page, USERS.jonas);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** A saved calculation of Jonas's brand, opened once online so the device knows it. */
async function openedCalculation(page: Page, name: string): Promise<string> {
  const created = await apiCall<{ properties: Record<string, string> }>(
    page,
    'POST',
    '/api/calculationSets',
    {
      calculationVariant: {
        name,
        conditionListId: 'DE-RBT-VA-C3',
        productId: 'DE-RBT-VA',
        navBasedCalculation: true,
        inputValue: 5000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
    },
  );
  expect(created.status).toBe(201);
  const { calculationSetId, calculationVariantId } = created.json.properties;
  await page.goto(`/calculations/${calculationSetId}/${calculationVariantId}`);
  await expect(page.getByTestId('results')).toBeVisible();
  const needle = `"view","${calculationSetId}","${calculationVariantId}"`;
  await expect
    .poll(() => page.evaluate((n) => Object.values(localStorage).some((v) => v.includes(n)), needle))
    .toBe(true);
  return `${calculationSetId}/${calculationVariantId}`;
}

/**
 * A slow device: another page of the app holds the outbox's store in one read-write transaction,
 * so every write to it waits until `release` is called (IndexedDB runs them one after the other).
 */
async function holdOutbox(context: BrowserContext): Promise<{ release: () => Promise<void> }> {
  const holder = await context.newPage();
  await holder.goto('/logout');
  await holder.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('partner-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          const w = window as unknown as { released?: boolean };
          // Each request's answer asks again: the transaction stays open until released.
          const spin = () => {
            if (!w.released) store.get('hold').onsuccess = spin;
          };
          spin();
          tx.oncomplete = () => open.result.close();
          resolve();
        };
      }),
  );
  return {
    release: async () => {
      await holder.evaluate(() => {
        (window as unknown as { released?: boolean }).released = true;
      });
      await holder.close();
    },
  };
}

async function serverName(page: Page, ids: string): Promise<unknown> {
  const saved = await apiCall(
    page,
    'GET',
    `/api/calculationSets/${ids.replace('/', '/calculationVariant/')}`,
  );
  return saved.json.properties.name;
}

test('a save clicked just before a reload is kept while storage is slow, and reaches the server', async ({
  page,
  context,
}) => {
  await start(page);
  const ids = await openedCalculation(page, 'Before the reload');
  await context.setOffline(true);
  const slow = await holdOutbox(context);

  await page.locator('[name="name"]').fill('Clicked, then reloaded');
  await page.getByTestId('save').click();
  await page.reload();
  await slow.release();

  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 15_000 });
  expect(await serverName(page, ids)).toBe('Clicked, then reloaded');
});
