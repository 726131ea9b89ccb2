import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './axe';
import { createSet, signIn } from './support';
import { TIMEOUT } from './timeouts';

/** Sofia (demo) has not accepted the terms: later, decline, accept, in this order. */
test.describe.serial('terms of use', () => {
  const sofia = 'sofia.ek@nordic-office.example';

  test('accept later hides the dialog for this session only', async ({ page, browser }) => {
    await signIn(page, sofia);
    const dialog = page.getByTestId('terms-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Terms of use' }).first()).toBeVisible();
    await expect(dialog.getByText('Terms and conditions for requests and contracts')).toBeVisible();
    await dialog.getByRole('button', { name: 'Accept later' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(page.getByTestId('terms-dialog')).toBeHidden();

    const other = await browser.newPage();
    await signIn(other, sofia);
    await expect(other.getByTestId('terms-dialog')).toBeVisible();
    await other.close();
  });

  test('declining warns that the user will be logged out, and logging out leaves', async ({ page }) => {
    await signIn(page, sofia);
    const dialog = page.getByTestId('terms-dialog');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(dialog).toContainText('You must accept Terms of use to proceed with the Portal!');
    await expect(dialog).toContainText("If you don't accept them you will be logged out!");
    await expect(dialog.getByRole('button', { name: 'Accept the terms of use' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Accept later' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  });

  // Before 'accepting' below: a request needs the terms still pending.
  test('without accepted terms and conditions the request asks for them; declining leaves it unsent', async ({
    page,
  }) => {
    await signIn(page, sofia);
    await page.getByRole('button', { name: 'Accept later' }).click();
    const set = await createSet(page, `Villkorskund ${Date.now().toString(36)} AB`);
    await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
    await page.getByTestId('request').click();
    await page.getByTestId('send-request').click();
    const terms = page.getByTestId('request-terms');
    await expect(terms).toBeVisible();
    // The terms of use put off at sign-in are shown with them: a request needs both.
    await expect(terms).toContainText('The Partner Portal is provided');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      terms.getByRole('button', { name: 'Terms and conditions (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Terms-and-conditions-for-requests-and-contracts.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Without accepted terms and conditions no request can be sent.')).toBeVisible(
      { timeout: TIMEOUT.signIn },
    );
    await expect(page.getByTestId('variant-state')).toHaveText('In work');
  });

  test('accepting records it, and the dialog does not come back', async ({ page, browser }) => {
    await signIn(page, sofia);
    const dialog = page.getByTestId('terms-dialog');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(dialog).toBeHidden();
    const other = await browser.newPage();
    await signIn(other, sofia);
    await other.waitForTimeout(500);
    await expect(other.getByTestId('terms-dialog')).toBeHidden();
    await other.close();
  });
});

test('an API-only user is refused with the two texts and one button', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel('E-mail').fill('api.connector@rheinland-buero.example');
  await page.getByLabel('Password').fill('Leasing-Demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('heading', { name: 'You are not allowed to use Partner Portal with this user!' }),
  ).toBeVisible();
  await expect(page.getByText('This user is only for Leasing API usage.')).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/logout');
});
