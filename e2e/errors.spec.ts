import { expect } from '@playwright/test';
import { test } from './axe';
import { dropQueryCacheOnLoad, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

// These journeys fake server answers with page.route, which a service worker would bypass.
test.use({ serviceWorkers: 'block' });

const PAGES = [
  {
    path: '/access-denied',
    en: "You don't have the necessary rights for the selected action.",
    de: 'Zugriff verweigert',
  },
  {
    path: '/access-forbidden',
    en: "You don't have the necessary rights to request this resource",
    de: 'Zugriff verboten',
  },
  {
    path: '/global-error/goPartner_e2e12345',
    en: "We're sorry! An error has occurred",
    de: 'Es tut uns leid!',
  },
  { path: '/global-error', en: "We're sorry! An error has occurred", de: 'Es tut uns leid!' },
  {
    path: '/not-found',
    en: "We can't find the page you're looking for.",
    de: 'Wir können die gesuchte Seite nicht finden.',
  },
  {
    path: '/authentication-error/invalid_grant',
    en: 'An authentication error occurred',
    de: 'Authentifizierungsfehler',
  },
  { path: '/logout', en: 'You are signed out', de: 'Sie sind abgemeldet' },
];

test('every error page is reachable without signing in, without the main layout, in the stored language', async ({
  page,
}) => {
  for (const { path, en } of PAGES) {
    await page.goto(path);
    await expect(page.getByText(en, { exact: false }).first(), path).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveCount(0);
  }
  await expect(page.getByTestId('correlation-id')).toHaveCount(0);
  await page.goto('/global-error/goPartner_e2e12345');
  await expect(page.getByTestId('correlation-id')).toHaveText('goPartner_e2e12345');
  await page.goto('/authentication-error/invalid_grant');
  await expect(page.getByText('invalid_grant')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('locale', 'de-DE'));
  for (const { path, de } of PAGES) {
    await page.goto(path);
    await expect(page.getByText(de, { exact: false }).first(), path).toBeVisible();
  }
});

test('the session-timeout page says so and takes the user to sign in', async ({ page }) => {
  await page.goto('/session-timeout');
  await expect(page.getByRole('heading', { name: 'Your session has ended' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/sign-in\//);
});

test('a server failure leads to the global error page with its correlation id', async ({ page }) => {
  await signIn(page, USERS.erik);
  await page.route('**/api/user/myUsers', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      headers: { 'Correlation-Id': 'goPartner_failing0001' },
      body: JSON.stringify({ type: '/problems/internal', title: 'Internal Server Error', status: 500 }),
    }),
  );
  // The users must be asked again: a restored copy still fresh would not be. The kept cache goes
  // before the app starts again; cleared from the running page, the app's throttled persisting
  // could write it back before the reload (which is how this journey once stayed on `/`).
  await dropQueryCacheOnLoad(page);
  await page.reload();
  await expect(page).toHaveURL('/global-error/goPartner_failing0001', { timeout: TIMEOUT.navigation });
  await expect(page.getByTestId('correlation-id')).toHaveText('goPartner_failing0001');
});

test('a rendering failure shows Error with an error id and reports it to the server', async ({ page }) => {
  await signIn(page, USERS.erik);
  // A profile the start screen cannot render (its brand list missing).
  await page.route('**/api/userprofiles/myprofiles*', async (route) => {
    const answer = await (await route.fetch()).json();
    answer.properties.availableBrands = null;
    await route.fulfill({ json: answer });
  });
  const report = page.waitForRequest(
    (r) => r.url().includes('/api/logging/ui?correlationId=') && r.method() === 'POST',
  );
  // The kept query cache goes before the app starts again.
  await dropQueryCacheOnLoad(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  const errorId = await page.getByTestId('error-id').textContent();
  expect((await report).url()).toContain(`correlationId=${errorId}`);
  expect((await (await report).response())?.status()).toBe(204);
});
