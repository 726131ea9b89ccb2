import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './axe';
import { apiCall, persisted, signInWithServiceWorker, USERS } from './support';
import { TIMEOUT } from './timeouts';

/**
 * A save made without a connection is the one thing the device promises to keep: these journeys
 * leave the page at once after the click, on a device whose storage is slow.
 */

/**
 * Signed in as Erik with the service worker in control, so that the app also starts offline.
 * (Jonas's brand is kept for the journeys that count its sets, e2e/offline.spec.ts.)
 */
async function start(page: Page): Promise<void> {
  await signInWithServiceWorker(page, USERS.erik);
}

/** A saved calculation of Erik's brand, opened once online so the device knows it. */
async function openedCalculation(page: Page, name: string): Promise<string> {
  const created = await apiCall<{ properties: Record<string, string> }>(
    page,
    'POST',
    '/api/calculationSets',
    {
      calculationVariant: {
        name,
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
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
  await persisted(page, 'view', calculationSetId!, calculationVariantId!);
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
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
  expect(await serverName(page, ids)).toBe('Clicked, then reloaded');
});

test('a hurried user saves offline and opens the next calculation at once: every last save arrives, and no page asks to leave', async ({
  page,
  context,
}) => {
  test.setTimeout(TIMEOUT.longJourney);
  await start(page);
  const calculations: string[] = [];
  for (let i = 0; i < 5; i++) calculations.push(await openedCalculation(page, `Hurried ${i}`));
  // A save kept on the device is saved: leaving the editor must not ask about unsaved changes.
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await context.setOffline(true);
  for (const round of [1, 2])
    for (const [i, ids] of calculations.entries()) {
      await page.goto(`/calculations/${ids}`);
      await expect(page.locator('[name="name"]')).toHaveValue(round === 1 ? `Hurried ${i}` : `Round 1 ${i}`);
      await page.locator('[name="name"]').fill(`Round ${round} ${i}`);
      await page.locator('[name="inputValue"]').fill(String(6000 + 10 * round + i));
      await page.getByTestId('save').click();
      // No wait for the notice: the next calculation opens right after the click.
    }
  await page.goto('/calculations');
  await expect(page.getByTestId('pending-count')).toHaveText('5 waiting');

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
  for (const [i, ids] of calculations.entries()) {
    const saved = await apiCall(
      page,
      'GET',
      `/api/calculationSets/${ids.replace('/', '/calculationVariant/')}`,
    );
    expect(saved.json.properties).toMatchObject({
      name: `Round 2 ${i}`,
      calculationVariant: { inputValue: 6020 + i },
    });
  }
});

test('a device whose storage is full says so at once, keeps what was typed, and drops nothing saved before', async ({
  page,
  context,
}) => {
  // A full disk: while the flag is set, IndexedDB refuses every write as the browser does.
  await context.addInitScript(() => {
    const w = window as unknown as { storageFull?: boolean };
    for (const method of ['add', 'put'] as const) {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the store as `this`
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: [unknown, IDBValidKey?]) {
        if (w.storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
  const full = (on: boolean) =>
    page.evaluate((value) => {
      (window as unknown as { storageFull?: boolean }).storageFull = value;
    }, on);
  await start(page);
  const first = await openedCalculation(page, 'Kept before');
  const second = await openedCalculation(page, 'Refused');
  await context.setOffline(true);

  await page.goto(`/calculations/${first}`);
  await page.locator('[name="name"]').fill('Saved while there was room');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');

  await page.goto(`/calculations/${second}`);
  await expect(page.locator('[name="name"]')).toHaveValue('Refused');
  await full(true);
  await page.locator('[name="name"]').fill('Typed on a full device');
  await page.getByTestId('save').click();
  await expect(page.getByText('This device has no room left: your change was not kept.')).toBeVisible();
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(page.locator('[name="name"]')).toHaveValue('Typed on a full device');
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');

  // Space again: the same click keeps it, and both reach the server.
  await full(false);
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('2 waiting');
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
  expect(await serverName(page, first)).toBe('Saved while there was room');
  expect(await serverName(page, second)).toBe('Typed on a full device');
});

test('two tabs save the same calculation offline: one send, the later save wins, and both tabs show it', async ({
  page,
  context,
}) => {
  await start(page);
  const ids = await openedCalculation(page, 'Two tabs');
  // The second tab is opened from the first, as a user does, and shares its session.
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate((path) => void window.open(path), `/calculations/${ids}`),
  ]);
  await expect(second.getByTestId('results')).toBeVisible();
  const sends: string[] = [];
  for (const tab of [page, second])
    tab.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(ids.split('/')[1]!))
        sends.push(request.headers()['idempotency-key'] ?? '');
    });

  await context.setOffline(true);
  await page.locator('[name="name"]').fill('Saved in the first tab');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');
  await second.locator('[name="name"]').fill('Saved later in the second tab');
  await second.getByTestId('save').click();
  // The later save replaced the earlier one's body: one entry, seen by both tabs.
  await expect(second.getByTestId('pending-count')).toHaveText('1 waiting');
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');

  await context.setOffline(false);
  for (const tab of [page, second]) {
    await expect(tab.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
    await expect(tab.locator('[name="name"]')).toHaveValue('Saved later in the second tab');
    await expect(tab.getByTestId('kept-on-device')).toHaveCount(0);
  }
  expect(sends).toHaveLength(1);
  expect(await serverName(page, ids)).toBe('Saved later in the second tab');
});

test('a change saved offline before its results came is saved: the editor says so, not "Unsaved changes"', async ({
  page,
  context,
}) => {
  await start(page);
  await openedCalculation(page, 'Saved before the results');
  await context.setOffline(true);
  // Saved in the same moment as typed: the results on this device follow after the click.
  await page.locator('[name="inputValue"]').fill('9100');
  await page.getByTestId('save').click();
  await expect(
    page.getByText('Saved on this device. It is sent to the server when the connection returns.'),
  ).toBeVisible();
  await expect(page.getByTestId('kept-on-device')).toBeVisible();
  await expect(page.getByTestId('result-36')).toContainText(/\d/);
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  // A change after the save is unsaved again.
  await page.locator('[name="name"]').fill('Typed after the save');
  await expect(page.getByTestId('unsaved')).toBeVisible();
});
