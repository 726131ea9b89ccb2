import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { newLaptopCalculation, signIn, smallTargets, USERS } from './support';

/**
 * On a phone and a tablet: the menu is a drawer that names itself and can be closed, and every
 * control and link in view is a target a finger can hit (44 × 44 px).
 */
const openMenu = (page: Page) => page.getByRole('button', { name: 'Open navigation' }).click();

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the menu drawer is named, closes with its button, after a brand switch and after a link', async ({
    page,
  }) => {
    await signIn(page, USERS.anna);
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await openMenu(page);
    await expect(drawer.getByTestId('greeting')).toHaveText('Hello, Anna Lind');
    await drawer.getByRole('button', { name: 'Close navigation' }).click();
    await expect(drawer).toBeHidden();

    await openMenu(page);
    await drawer.getByLabel('Brand').selectOption({ label: 'Nordic Medical Leasing' });
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/');

    await openMenu(page);
    await drawer.getByRole('link', { name: 'Contracts' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveTitle('Contracts – Partner Portal');
  });

  test('the results are cards with the period and the total first; the chosen one is marked', async ({
    page,
  }) => {
    await signIn(page, USERS.erik);
    await newLaptopCalculation(page);
    const results = page.getByRole('group', { name: 'Results' });
    const card = (months: number) => results.getByTestId(`result-${months}`);
    await expect(card(36)).toBeVisible();
    await expect(card(36)).toContainText(/^36 months/);
    await expect(card(36).getByTestId('total')).toContainText('per month');
    await expect(card(36)).toContainText('Net instalment');
    // Nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await card(48).click();
    await expect(card(48).getByRole('radio')).toBeChecked();
    await expect(card(36).getByRole('radio')).not.toBeChecked();
    // The save bar keeps the choice and its instalment in view while the cards scroll.
    const chosen = page.getByTestId('chosen-period');
    const total48 = (await card(48).getByTestId('headline').textContent())!;
    await expect(chosen).toContainText('48 months');
    await expect(chosen).toContainText(total48);
    await card(24).scrollIntoViewIfNeeded();
    await expect(chosen).toBeInViewport();
    await page.keyboard.press('ArrowUp');
    await expect(card(36).getByRole('radio')).toBeChecked();
    await expect(chosen).toContainText('36 months');
    expect(await smallTargets(page), 'editor').toEqual([]);
  });
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 1024, height: 768 }],
] as const) {
  test(`every target is at least 44 × 44 px on a ${device}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, USERS.erik);
    for (const path of [
      '/',
      '/calculations',
      '/contracts',
      '/contracts/752-0000103',
      '/calculations/new-calculation',
      '/help-center',
      '/faq-center',
      '/mygrenke/users',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Loaded: no placeholder left.
      await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
      expect(await smallTargets(page), path).toEqual([]);
    }
    await page.goto('/calculations');
    await page
      .getByRole('button', { name: /^Actions for/ })
      .first()
      .click();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    expect(await smallTargets(page), 'row menu').toEqual([]);
    await page.keyboard.press('Escape');
    await openMenu(page);
    await expect(page.getByRole('dialog', { name: 'Main navigation' })).toBeVisible();
    expect(await smallTargets(page), 'menu').toEqual([]);
    await context.close();
  });
}
