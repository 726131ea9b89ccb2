import { expect, type Page, type Route } from '@playwright/test';
import { test } from './axe';
import { openCalculationList, persisted, signIn, signInWithServiceWorker, USERS } from './support';
import { TIMEOUT } from './timeouts';

/**
 * Jonas works alone on his brand in these journeys (others create sets as Erik, and the
 * administration journey removes Maja): the brand's count tells whether a save arrived once.
 */
async function countOwnSets(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
    const token = (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
    const response = await fetch('/api/calculationSets?itemsPerPage=1', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { properties: { count: number } }).properties.count;
  });
}

/** The newest set of the brand and how many attachments the server holds for it. */
async function newestSetAttachments(page: Page): Promise<string[]> {
  const list = await call(page, 'GET', '/api/calculationSets?itemsPerPage=1');
  const entities = (list.json as unknown as { entities: { properties: { calculationSetId: string } }[] })
    .entities;
  const documents = await call(
    page,
    'GET',
    `/api/calculationSets/${entities[0]!.properties.calculationSetId}/documents`,
  );
  const groups = (
    documents.json as unknown as {
      entities: { rel: string[]; entities: { properties: { name: string } }[] }[];
    }
  ).entities;
  return groups.find((g) => g.rel.includes('attachments'))!.entities.map((d) => d.properties.name);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** The paths of the reference data the device keeps (Dexie's `reference` table). */
async function keptReference(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('partner-portal');
        open.onsuccess = () => {
          // Closed at once: an open connection would hold back the app's schema upgrades.
          const db = open.result;
          if (!db.objectStoreNames.contains('reference')) {
            db.close();
            return resolve([]);
          }
          const keys = db.transaction('reference').objectStore('reference').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve((keys.result as string[]).map((k) => k.split(':').slice(2).join(':')));
          };
        };
        open.onerror = () => resolve([]);
      }),
  );
}

test('offline: a new calculation with two objects and a PDF is drafted with indicative results, survives a reload, and reaches the server once when online', async ({
  page,
  context,
}) => {
  await signInWithServiceWorker(page, USERS.jonas);
  // The editor was never opened: its code is precached, and the shell keeps the condition lists
  // and party configurations on the device (Dexie) while online.
  await expect.poll(() => keptReference(page), { timeout: TIMEOUT.serverWork }).toContain('calculationView');
  await openCalculationList(page);
  await expect(page.getByRole('heading', { name: 'Calculations' })).toBeVisible();
  const before = await countOwnSets(page);
  // The query cache is persisted with a short throttle: the shell's profile must be on the device.
  await persisted(page, 'session', 'profile');

  await context.setOffline(true);
  await page.getByRole('link', { name: 'New calculation' }).click();
  await page.locator('[name="inputValue"]').fill('9000');
  await page.getByRole('button', { name: 'Add object' }).click();
  await page.locator('[name="financingObjects.0.price"]').fill('4000');
  await page.locator('[name="financingObjects.0.price"]').blur();
  await page.getByRole('button', { name: 'Add object' }).click();
  await page.locator('[name="financingObjects.1.objectId"]').selectOption({ label: 'Monitor' });
  await expect(page.locator('[name="financingObjects.1.price"]')).toHaveValue('5000');
  // The shared engine computes without the server, marked as indicative.
  await expect(page.getByTestId('indicative')).toBeVisible();
  await expect(page.getByTestId('result-36')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('connection-state')).toHaveText('Offline');
  await expect(page.locator('[name="inputValue"]')).toHaveValue('9000');
  await expect(page.getByTestId('object-row')).toHaveCount(2);

  // A file chosen offline is kept on the device with the draft, also across a reload.
  await page.getByTestId('document-category').selectOption('financial');
  await page
    .getByTestId('draft-attachments')
    .getByTestId('document-input')
    .setInputFiles({ name: 'balance-sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('draft-attachment')).toContainText('balance-sheet.pdf');
  await page.reload();
  await expect(page.getByTestId('draft-attachment')).toContainText('balance-sheet.pdf');

  await page.getByTestId('save').click();
  await expect(
    page.getByText('Saved on this device. It is sent to the server when the connection returns.'),
  ).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('2 waiting');

  // The list says it is the one last loaded here and shows the new calculation as waiting.
  await openCalculationList(page);
  await expect(page.getByTestId('offline-list')).toBeVisible();
  await expect(page.getByTestId('waiting-saves')).toContainText('New calculation');
  // A page never opened on this device says so instead of loading for ever.
  await page.getByRole('link', { name: 'Contracts' }).first().click();
  await expect(page.getByTestId('not-available-offline')).toContainText('Not available offline');

  // Back online, the set is created once and the file follows it.
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
  await expect(page.getByText('Everything saved on this device has reached the server.')).toBeVisible();
  expect(await countOwnSets(page)).toBe(before + 1);
  expect(await newestSetAttachments(page)).toEqual(['balance-sheet.pdf']);
});

/** A call with the page's own token, as another device would make it. */
async function call(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        json: (await response.json()) as { properties: Record<string, unknown> },
      };
    },
    { method, path, body, headers },
  );
}

test('two devices change the same variant: the offline one gets the conflict with both sides and resolves it both ways', async ({
  browser,
}) => {
  const deviceA = await browser.newPage();
  const contextB = await browser.newContext();
  const deviceB = await contextB.newPage();
  await signIn(deviceA, USERS.jonas);
  await signIn(deviceB, USERS.jonas);
  const variant = {
    conditionListId: 'DE-RBT-VA-C3',
    productId: 'DE-RBT-VA',
    navBasedCalculation: true,
    inputValue: 10000,
    periodInMonths: 36,
    generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
  };
  const created = await call(deviceA, 'POST', '/api/calculationSets', {
    calculationVariant: { ...variant, name: 'First' },
  });
  expect(created.status).toBe(201);
  const { calculationSetId, calculationVariantId } = created.json.properties as Record<string, string>;
  const href = `/api/calculationSets/${calculationSetId}/calculationVariant/${calculationVariantId}`;

  for (const [round, choice] of [
    [1, 'Keep mine'],
    [2, "Take the server's"],
  ] as const) {
    await deviceB.goto(`/calculations/${calculationSetId}/${calculationVariantId}`);
    await expect(deviceB.getByTestId('results')).toBeVisible();
    await persisted(deviceB, 'calculations', 'view', calculationSetId!, calculationVariantId!);
    await contextB.setOffline(true);
    await deviceB.locator('[name="name"]').fill(`Tablet ${round}`);
    await deviceB.getByTestId('save').click();
    await expect(deviceB.getByTestId('pending-count')).toHaveText('1 waiting');

    // Meanwhile the other device saves the same variant.
    expect(
      (await call(deviceA, 'PUT', href, { calculationVariant: { ...variant, name: `Desktop ${round}` } }))
        .status,
    ).toBe(200);

    await contextB.setOffline(false);
    // The header says the entry waits for the user; its badge opens the sync panel (the save
    // notice may still lie over it).
    await expect(deviceB.getByTestId('pending-count')).toHaveText('1 to resolve', {
      timeout: TIMEOUT.replay,
    });
    await deviceB.getByTestId('pending-count').dispatchEvent('click');
    const conflict = deviceB.getByTestId('conflict');
    await expect(conflict).toBeVisible({ timeout: TIMEOUT.replay });
    await expect(conflict.getByTestId('mine-name')).toHaveText(`Tablet ${round}`);
    await expect(conflict.getByTestId('theirs-name')).toHaveText(`Desktop ${round}`);
    await conflict.getByRole('button', { name: choice }).click();
    await expect(deviceB.getByTestId('outbox-entry')).toHaveCount(0, { timeout: TIMEOUT.replay });
    const server = await call(deviceA, 'GET', href);
    expect((server.json.properties.calculationVariant as { name: string }).name).toBe(
      choice === 'Keep mine' ? `Tablet ${round}` : `Desktop ${round}`,
    );
  }
  // Taking the server's also dropped the device's kept draft.
  await deviceB.goto(`/calculations/${calculationSetId}/${calculationVariantId}`);
  await expect(deviceB.locator('[name="name"]')).toHaveValue('Desktop 2');
  await contextB.close();
  await deviceA.close();
});

test('sign-out offers to keep or clear the drafts on this device', async ({ page }) => {
  await signIn(page, USERS.jonas);
  for (const choice of ['Keep and sign out', 'Clear and sign out'] as const) {
    await page.goto('/calculations/new-calculation');
    await page.locator('[name="inputValue"]').fill('6400');
    await expect(page.getByTestId('unsaved')).toBeVisible();
    await page.waitForTimeout(300); // the draft is written to the device as it changes
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
    await page.getByRole('button', { name: choice }).click();
    await page.waitForURL(/\/logout/);
    await signIn(page, USERS.jonas);
    await page.goto('/calculations/new-calculation');
    await expect(page.locator('[name="inputValue"]')).toHaveValue(
      choice === 'Keep and sign out' ? '6400' : '',
    );
  }
});

test('a replay whose answers are lost on the way back is sent again: still one set and one attachment', async ({
  browser,
}) => {
  // Without the service worker in the way, the routes below see the page's requests.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, USERS.jonas);
  // Without the service worker only pages already visited work offline: the list, then the editor.
  await page.goto('/calculations');
  await expect(page.getByRole('heading', { name: 'Calculations' })).toBeVisible();
  await page.getByRole('link', { name: 'New calculation' }).click();
  await expect(page.getByRole('heading', { name: 'New calculation' })).toBeVisible();
  const before = await countOwnSets(page);
  await page.locator('[name="inputValue"]').fill('7000');
  await page.locator('[name="generalObjectType"]').selectOption({ label: 'Laptop' });
  await page
    .getByTestId('draft-attachments')
    .getByTestId('document-input')
    .setInputFiles({ name: 'lost-answer.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('draft-attachment')).toContainText('lost-answer.pdf');
  await context.setOffline(true);
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('2 waiting');

  // The server acts on the first send of each, but its answer never reaches the page.
  const lost = { create: 0, upload: 0 };
  const loseFirstAnswer = (kind: keyof typeof lost) => async (route: Route) => {
    if (route.request().method() !== 'POST' || lost[kind]++ > 0) return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  };
  await page.route('**/api/calculationSets', loseFirstAnswer('create'));
  await page.route(/\/api\/calculationSets\/[^/]+\/documents\?/, loseFirstAnswer('upload'));
  await context.setOffline(false);

  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
  expect(lost).toEqual({ create: 2, upload: 2 });
  expect(await countOwnSets(page)).toBe(before + 1);
  expect(await newestSetAttachments(page)).toEqual(['lost-answer.pdf']);
  await context.close();
});

test('a 401 during replay pauses the queue: another account never sends it, the same account signing in again does', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, USERS.jonas);
  const created = await call(page, 'POST', '/api/calculationSets', {
    calculationVariant: {
      name: 'Before expiry',
      conditionListId: 'DE-RBT-VA-C3',
      productId: 'DE-RBT-VA',
      navBasedCalculation: true,
      inputValue: 8000,
      periodInMonths: 36,
      generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
    },
  });
  const { calculationSetId, calculationVariantId } = created.json.properties as Record<string, string>;
  const href = `/api/calculationSets/${calculationSetId}/calculationVariant/${calculationVariantId}`;
  await page.goto(`/calculations/${calculationSetId}/${calculationVariantId}`);
  await expect(page.getByTestId('results')).toBeVisible();
  await context.setOffline(true);
  await page.locator('[name="name"]').fill('After expiry');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');

  // The token expired while offline: the server refuses the replay, and the queue waits.
  const puts: number[] = [];
  await page.route(`**${href}*`, (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    puts.push(Date.now());
    return puts.length === 1
      ? route.fulfill({
          status: 401,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }),
        })
      : route.fallback();
  });
  await context.setOffline(false);
  await expect.poll(() => puts.length).toBe(1);
  await page.getByTestId('pending-count').click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await page.waitForTimeout(1000);
  expect(puts).toHaveLength(1);
  await expect(page.getByTestId('outbox-entry')).toHaveCount(1);

  // Another account on the same device neither sees nor sends it.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Keep and sign out' }).click();
  await page.waitForURL(/\/logout/);
  await signIn(page, USERS.lukas, '/sync');
  await expect(page.getByText('Nothing is waiting: everything has reached the server.')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(puts).toHaveLength(1);

  // The same account signing in again sends it, once.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/logout/);
  await signIn(page, USERS.jonas);
  // (The header's count may not have shown yet: wait for the send itself.)
  await expect.poll(() => puts.length, { timeout: TIMEOUT.replay }).toBe(2);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  const saved = await call(page, 'GET', href);
  expect(saved.json.properties.name).toBe('After expiry');
  await context.close();
});

test('back online after its token expired, the device renews it before it calls: no access-denied page, and its save reaches the server and its own copy', async ({
  page,
  context,
}) => {
  await signInWithServiceWorker(page, USERS.jonas);
  const created = await call(page, 'POST', '/api/calculationSets', {
    calculationVariant: {
      name: 'Before the trip',
      conditionListId: 'DE-RBT-VA-C3',
      productId: 'DE-RBT-VA',
      navBasedCalculation: true,
      inputValue: 8000,
      periodInMonths: 36,
      generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
    },
  });
  const { calculationSetId, calculationVariantId } = created.json.properties as {
    calculationSetId: string;
    calculationVariantId: string;
  };
  const editor = `/calculations/${calculationSetId}/${calculationVariantId}`;
  await page.goto(editor);
  await expect(page.getByTestId('results')).toBeVisible();
  await persisted(page, 'view', calculationSetId, calculationVariantId);

  await context.setOffline(true);
  await page.locator('[name="name"]').fill('On the road');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');
  // Away longer than the token lives: the app starts again offline with a token the server
  // refuses and the device knows to be expired (its refresh token still holds).
  await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
    const user = JSON.parse(sessionStorage.getItem(key)!) as Record<string, unknown>;
    const expiresAt = Math.floor(Date.now() / 1000) - 60;
    sessionStorage.setItem(key, JSON.stringify({ ...user, access_token: 'expired', expires_at: expiresAt }));
  });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();

  // The renewal takes a moment, as on a slow connection: what the app asks meanwhile must wait.
  await page.route('**/oidc/token', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await context.setOffline(false);
  const href = `/api/calculationSets/${calculationSetId}/calculationVariant/${calculationVariantId}`;
  await expect
    .poll(async () => (await call(page, 'GET', href)).json.properties?.name, { timeout: TIMEOUT.replay })
    .toBe('On the road');
  // The refetches on reconnecting waited for the new token instead of meeting a 401.
  expect(visited.filter((path) => path !== '/')).toEqual([]);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveCount(0);

  // The device's copy took the delivered save: opened offline again, the calculation starts
  // from it (an older copy would be edited into a conflict with the device's own save).
  await persisted(page, 'On the road');
  await context.setOffline(true);
  await page.goto(editor);
  await expect(page.locator('[name="name"]')).toHaveValue('On the road');
});

test('50 offline edits across 10 calculations reach the server in order: its final state is the local one', async ({
  page,
  context,
}) => {
  test.setTimeout(TIMEOUT.longJourney);
  await signInWithServiceWorker(page, USERS.jonas);
  const calculations: string[] = [];
  for (let i = 0; i < 10; i++) {
    const created = await call(page, 'POST', '/api/calculationSets', {
      calculationVariant: {
        name: `Batch ${i}`,
        conditionListId: 'DE-RBT-VA-C3',
        productId: 'DE-RBT-VA',
        navBasedCalculation: true,
        inputValue: 5000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
    });
    const { calculationSetId, calculationVariantId } = created.json.properties as Record<string, string>;
    calculations.push(`${calculationSetId}/${calculationVariantId}`);
    // Opened once online: the device knows each calculation.
    await page.goto(`/calculations/${calculationSetId}/${calculationVariantId}`);
    await expect(page.getByTestId('results')).toBeVisible();
    await persisted(page, 'calculations', 'view', calculationSetId!, calculationVariantId!);
  }

  await context.setOffline(true);
  for (const [i, ids] of calculations.entries()) {
    await page.goto(`/calculations/${ids}`);
    await expect(page.locator('[name="name"]')).toHaveValue(`Batch ${i}`);
    for (let edit = 1; edit <= 5; edit++) {
      await page.locator('[name="name"]').fill(`Batch ${i} edit ${edit}`);
      await page.locator('[name="inputValue"]').fill(String(5000 + 100 * edit + i));
      await page.getByTestId('save').click();
      await expect(page.getByTestId('pending-count')).toHaveText(`${i + 1} waiting`);
    }
  }

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
  for (const [i, ids] of calculations.entries()) {
    const saved = await call(page, 'GET', `/api/calculationSets/${ids.replace('/', '/calculationVariant/')}`);
    expect(saved.json.properties).toMatchObject({
      name: `Batch ${i} edit 5`,
      calculationVariant: { inputValue: 5500 + i },
    });
  }
});
