import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support';

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

test('offline: a new calculation with two objects is drafted with indicative results, survives a reload, and reaches the server once when online', async ({
  page,
  context,
}) => {
  await signIn(page, USERS.jonas);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Visited once online: the editor's code and the condition lists are on the device.
  await page.goto('/calculations/new-calculation');
  await expect(page.getByRole('heading', { name: 'New calculation' })).toBeVisible();
  await page.waitForTimeout(1500); // the query cache is persisted with a short throttle
  await page.getByRole('link', { name: 'Calculations' }).first().click();
  await expect(page.getByRole('heading', { name: 'Calculations' })).toBeVisible();
  const before = await countOwnSets(page);
  await page.waitForTimeout(1500); // the query cache is persisted with a short throttle

  await context.setOffline(true);
  await page.getByRole('link', { name: 'New calculation' }).click();
  await page.locator('[name="inputValue"]').fill('9000');
  await page.getByRole('button', { name: 'Add object' }).click();
  await page.locator('[name="objects.0.price"]').fill('4000');
  await page.locator('[name="objects.0.price"]').blur();
  await page.getByRole('button', { name: 'Add object' }).click();
  await page.locator('[name="objects.1.objectId"]').selectOption({ label: 'Monitor' });
  await expect(page.locator('[name="objects.1.price"]')).toHaveValue('5000');
  // The shared engine computes without the server, marked as indicative.
  await expect(page.getByTestId('indicative')).toBeVisible();
  await expect(page.getByTestId('result-36')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('connection-state')).toHaveText('Offline');
  await expect(page.locator('[name="inputValue"]')).toHaveValue('9000');
  await expect(page.getByTestId('object-row')).toHaveCount(2);

  await page.getByTestId('save').click();
  await expect(
    page.getByText('Saved on this device. It is sent to the server when the connection returns.'),
  ).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');

  // Back online, it is sent once.
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 15_000 });
  expect(await countOwnSets(page)).toBe(before + 1);
});

test('a replay whose answer is lost is sent again under the same key and still makes one set', async ({
  page,
  context,
}) => {
  await signIn(page, USERS.jonas);
  await page.goto('/calculations/new-calculation');
  await expect(page.getByRole('heading', { name: 'New calculation' })).toBeVisible();
  const before = await countOwnSets(page);
  await context.setOffline(true);
  await page.locator('[name="inputValue"]').fill('7000');
  await page.locator('[name="generalObjectType"]').selectOption({ label: 'Laptop' });
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');

  // The first replay reaches the server, which acts, but its answer never arrives.
  const keys: string[] = [];
  await page.route('**/api/calculationSets', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 20_000 });
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
  expect(await countOwnSets(page)).toBe(before + 1);
});
