import { expect, type Page } from '@playwright/test';
import { expectAccessible, test } from './axe';
import { TIMEOUT } from './timeouts';
import { newLaptopCalculation, signIn, USERS } from './support';

/** A saved calculation of the signed-in user, from the list. */
async function firstCalculation(page: Page): Promise<string> {
  await page.goto('/calculations');
  const link = page.getByTestId('calculation-row').first().locator('a[href^="/calculations/"]').first();
  const href = await link.getAttribute('href');
  return href!;
}

/**
 * axe-core on every screen of the portal at the three sizes its users have (expectAccessible,
 * e2e/axe.ts), with animations reduced so that nothing is measured half faded in.
 */
for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['tablet', { width: 1024, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`no accessibility violation on any screen on a ${device}`, async ({ browser }) => {
    test.setTimeout(TIMEOUT.longJourney);
    const context = await browser.newContext({
      viewport,
      reducedMotion: 'reduce',
      hasTouch: device !== 'desktop',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL(/\/sign-in\//);
    await expectAccessible(page, 'sign-in');
    await signIn(page, USERS.erik);
    const editor = await firstCalculation(page);
    for (const path of [
      '/',
      '/calculations',
      '/contracts',
      '/contracts/752-0000103',
      '/contracts/752-0000103/redemption-offer',
      '/calculations/new-calculation',
      editor,
      `${editor}/edit-customer`,
      `${editor}/edit-supplier`,
      `${editor}/attachments`,
      `${editor}/summary-customer`,
      `${editor}/contract-details`,
      '/help-center',
      '/faq-center',
      '/mygrenke/users',
      '/mygrenke/company-management',
      '/sync',
      '/global-error/e2e-reference',
      '/access-denied',
      '/not-found',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAccessible(page, path);
    }
    // Results with every kind of period: the default, a soft and a hard limit.
    await newLaptopCalculation(page);
    await expect(page.getByTestId('result-72')).toContainText('hard limit');
    await expect(page.getByTestId('changed-flag')).toHaveCount(0);
    await expectAccessible(page, 'results');
    // One row of its own, so that sets other journeys make meanwhile do not move the list.
    await page.goto('/calculations?searchText=Lunds%20Kaffebar');
    await expect(page.getByTestId('calculation-row')).toHaveCount(1);
    await page
      .getByRole('button', { name: /^Actions for/ })
      .first()
      .click();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    await expectAccessible(page, 'row menu');
    await page.keyboard.press('Escape');
    if (device !== 'desktop') {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('dialog', { name: 'Main navigation' })).toBeVisible();
      await expectAccessible(page, 'menu drawer');
    }
    await context.close();
  });
}
