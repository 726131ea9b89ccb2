import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO_PASSWORD } from '../src/server/demo/world';
import { persisted, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

test('a demo user signs in through the sign-in page and sees the greeting and the start screen', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('greeting')).toHaveText('Hello, Erik Berg');
  await expect(page.getByText('Partner 752-10001')).toBeVisible();
  // One brand: a plain label, and no user selector.
  await expect(page.getByTestId('brand-label')).toHaveText('Nordic Office Solutions');
  await expect(page.getByLabel('User')).toHaveCount(0);
  // The ways in that exist are links; one without its page yet is shown, not linked.
  await expect(page.getByRole('link', { name: /Make a calculation/ })).toHaveAttribute(
    'href',
    '/calculations/new-calculation',
  );
  await expect(page.getByRole('link', { name: /Manage contracts/ })).toHaveAttribute('href', '/contracts');
  await expect(page.getByRole('link', { name: /Get a calculation signed/ })).toHaveAttribute(
    'href',
    '/calculations?states=readyToSign',
  );
  // The footer: the provider's pages for Sweden, its hotline and hours; Sweden asks no mandatory information.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Monday to Friday, 9:00 to 18:00')).toBeVisible();
  await expect(footer.getByText('+46 8 410 130 00', { exact: false })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', /\/se\/en\/imprint$/);
  await expect(footer.getByRole('link', { name: 'Mandatory information' })).toHaveCount(0);
  // Every page names its tab.
  await expect(page).toHaveTitle('Start – Partner Portal');
  await page.getByRole('link', { name: /Manage contracts/ }).click();
  await expect(page).toHaveTitle('Contracts – Partner Portal');
  await page.goBack();
  await expect(page).toHaveTitle('Start – Partner Portal');
});

test('a wrong password is refused with the message and the hint to contact the branch', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel('E-mail').fill(USERS.erik);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('E-mail or password not valid. Please try again', {
    timeout: TIMEOUT.signIn,
  });
  await expect(page.getByRole('alert')).toContainText('contact your branch');
  await expect(page.getByLabel('E-mail')).toHaveValue(USERS.erik);
});

test('switching brand and user returns to the start screen and keeps the choice', async ({ page }) => {
  await signIn(page, USERS.anna);
  await expect(page.getByText('Partner 752-10001')).toBeVisible();
  await page.getByLabel('Brand').selectOption({ label: 'Nordic Medical Leasing' });
  await expect(page).toHaveURL('/');
  await page.reload();
  await expect(page.getByLabel('Brand').locator('option:checked')).toHaveText('Nordic Medical Leasing');

  await page.getByLabel('User').selectOption({ label: 'Rheinland Bürotechnik GmbH · Köln' });
  await expect(page.getByText('Partner 276-20001')).toBeVisible();
  await expect(page.getByTestId('brand-label')).toHaveText('Rheinland Bürotechnik');
  // Germany's pages, its hotline, and the mandatory company information German law asks for.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('+49 7221 5007 0', { exact: false })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', /\/de\/en\/imprint$/);
  await expect(footer.getByRole('link', { name: 'Mandatory information' })).toHaveAttribute(
    'href',
    /\/de\/en\/mandatoryInformation$/,
  );
});

test('a read-only brand is marked as such', async ({ page }) => {
  await signIn(page, USERS.jonas);
  await page.getByLabel('Brand').selectOption({ label: 'Rheinland IT-Miete (read-only)' });
  await expect(page.getByText('This brand is read-only')).toBeVisible();
});

test('the language can be switched, is kept, and the l parameter chooses it at start', async ({ page }) => {
  await signIn(page, USERS.erik);
  await page.getByLabel('Language').selectOption('sv-SE');
  await expect(page.getByTestId('greeting')).toHaveText('Hej, Erik Berg');
  await expect(page).toHaveTitle('Start – Partnerportalen');
  await page.reload();
  await expect(page.getByTestId('greeting')).toHaveText('Hej, Erik Berg');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('sv-SE');

  await page.goto('/?l=de-DE');
  await expect(page.getByTestId('greeting')).toHaveText('Hallo, Erik Berg');
  await expect(page).toHaveURL('/');
});

test('Arabic runs right to left: the sidebar on the right, its flyout on its left, nothing to scroll sideways', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await page.goto('/?l=ar-AE');
  await expect(page.getByTestId('greeting')).toHaveText('مرحبًا، Erik Berg');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
  const sidebar = (await page.locator('aside').boundingBox())!;
  expect(sidebar.x).toBeGreaterThan(640);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.getByTestId('nav-group-calculations').click();
  const flyout = page.getByRole('region', { name: 'الحسابات' });
  await flyout.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const box = (await flyout.boundingBox())!;
  expect(box.x + box.width).toBeCloseTo(sidebar.x, 0);
  // Back to a left-to-right language: the page turns round again.
  await page.goto('/?l=en-IE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the page a browser without JavaScript shows is in the visitor’s language', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  // Inside <noscript>, which text locators skip: read by its place.
  await expect(page.locator('[data-text="noJavaScript"]')).toContainText(
    'Das Partnerportal benötigt JavaScript',
  );
  await expect(page.locator('[data-text="noJavaScript"]')).toBeVisible();
  await context.close();
});

test('signing out leads to the signed-out page, and the portal asks to sign in again', async ({ page }) => {
  await signIn(page, USERS.erik);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/logout');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/sign-in\//);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/not-found');
  await expect(page.getByRole('heading', { name: "We can't find the page" })).toBeVisible();
  await expect(page).toHaveTitle("We can't find the page – Partner Portal");
  await expect(page.getByText("We can't find the page you're looking for.")).toBeVisible();
});

test('a signed-out visitor reaches the sign-in page without downloading the app', async ({ page }) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('response', (res) => {
    if (/\/assets\/.+\.js$/.test(res.url()))
      scripts.push({ url: res.url(), bytes: Number(res.headers()['content-length'] ?? 0) });
  });
  await page.goto('/calculations?l=de-DE');
  await page.waitForURL(/\/sign-in\//);
  await expect(page.getByLabel(/passwort/i)).toBeVisible();
  // The entry and the sign-in library only, about 18 KB brotli (the app is about 190 KB).
  expect(scripts.length).toBeLessThanOrEqual(3);
  expect(scripts.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThan(30_000);
  // After signing in, the app starts where the visitor wanted to go, in the language asked for.
  await page.getByLabel(/e-mail/i).fill(USERS.erik);
  await page.getByLabel(/passwort/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /anmelden/i }).click();
  await expect(page).toHaveURL('/calculations');
  await expect(page.getByRole('heading', { name: 'Kalkulationen', level: 1 })).toBeVisible();
});

test('the app arrives compressed: its scripts, the shell and the service worker precache in brotli', async ({
  page,
}) => {
  const scripts: (string | undefined)[] = [];
  page.on('response', (res) => {
    if (/\/assets\/.+\.js$/.test(res.url())) scripts.push(res.headers()['content-encoding']);
  });
  await signIn(page, USERS.erik);
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set(['br']));
  // The precache holds the responses as the service worker fetched them, headers included.
  const precached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const encodings: Record<string, string | null> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path === '/' || path.endsWith('.html') || /^\/assets\/index-.+\.js$/.test(path))
          encodings[path] = (await cache.match(request))!.headers.get('content-encoding');
      }
    }
    return encodings;
  });
  expect(Object.keys(precached).length).toBeGreaterThanOrEqual(2);
  for (const [path, encoding] of Object.entries(precached)) expect(encoding, path).toBe('br');
});

test('after one visit the shell starts with the network off', async ({ page, context }) => {
  await signIn(page, USERS.erik);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first page was not controlled yet; once it is, its calls pass the service worker.
  await page.reload();
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // The query cache is persisted with a short throttle: the shell's profile must be on the device.
  await persisted(page, 'session', 'profile');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, Erik Berg');
  await expect(page.getByTestId('connection-state')).toHaveText('Offline');
  await context.setOffline(false);
});

test('calculations and the administration open as flyouts beside the sidebar, in place in the phone menu', async ({
  page,
}) => {
  await signIn(page, USERS.anna);
  const button = page.getByRole('button', { name: 'Calculations', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  const flyout = page.getByRole('region', { name: 'Calculations' });
  await expect(flyout).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // Once slid out: 280 px wide, beside the sidebar, not over it.
  await flyout.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const box = (await flyout.boundingBox())!;
  const sidebar = (await page.locator('aside').boundingBox())!;
  expect(box.width).toBeCloseTo(280, 0);
  expect(box.x).toBeCloseTo(sidebar.x + sidebar.width, 0);
  await expect(flyout.getByRole('link')).toHaveText([
    'Make a calculation',
    'All calculations',
    'Ready to sign',
    'Waiting to be sent',
  ]);
  // Focus moves into it; Escape closes it and returns to the button.
  await expect(flyout.getByRole('link', { name: 'Make a calculation' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(flyout).toHaveCount(0);
  await expect(button).toBeFocused();

  // A page chosen there opens and closes the flyout; the group is marked while its pages show.
  await button.click();
  await flyout.getByRole('link', { name: 'Ready to sign' }).click();
  await expect(page).toHaveURL('/calculations?states=readyToSign');
  await expect(flyout).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Calculations', level: 1 })).toBeVisible();
  // The page is marked as the closest entry: Ready to sign, not All calculations.
  await button.click();
  await expect(flyout.getByRole('link', { name: 'Ready to sign' })).toHaveAttribute('aria-current', 'page');
  await expect(flyout.getByRole('link', { name: 'All calculations' })).not.toHaveAttribute('aria-current');
  await page.keyboard.press('Escape');
  // A filtered list is still its section's page.
  await page.goto('/contracts?states=expiringSoon');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Contracts' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  // A click elsewhere closes the administration's flyout.
  await page.getByRole('button', { name: 'MyGRENKE' }).click();
  const admin = page.getByRole('region', { name: 'MyGRENKE' });
  await expect(admin.getByRole('link')).toHaveText(['Users', 'Company management']);
  await page.mouse.click(1200, 700);
  await expect(admin).toHaveCount(0);

  // On a phone the menu drawer opens the group in place.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Main navigation' });
  await drawer.getByRole('button', { name: 'Calculations', exact: true }).click();
  await drawer.getByRole('link', { name: 'All calculations' }).click();
  await expect(page).toHaveURL('/calculations');
  await expect(drawer).toHaveCount(0);
});
