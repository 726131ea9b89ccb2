import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './axe';
import { apiCall, createSet, signIn } from './support';
import { TIMEOUT } from './timeouts';

/** Sofia (demo) has accepted no terms: the terms of use first, then the terms and conditions. */
test.describe.serial('terms of use', () => {
  const sofia = 'sofia.ek@nordic-office.example';

  test('the terms of use come first: the portal waits behind their dialog, and the server answers nothing else', async ({
    page,
  }) => {
    await signIn(page, sofia);
    const dialog = page.getByTestId('terms-dialog');
    await expect(dialog.getByRole('heading', { name: 'Terms of use' }).first()).toBeVisible();
    await expect(dialog.getByText('Terms and conditions for requests and contracts')).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['Decline', 'Accept']);
    await expect(page.getByTestId('greeting')).toHaveCount(0);
    const refused = await apiCall<{ errorKeys: string[] }>(page, 'GET', '/api/calculationSets');
    expect(refused).toEqual({
      status: 403,
      json: expect.objectContaining({ errorKeys: ['termsNotAccepted'] }),
    });
    await page.reload();
    await expect(page.getByTestId('terms-dialog')).toBeVisible();
  });

  test('declining warns that the user will be logged out, and logging out leaves', async ({ page }) => {
    await signIn(page, sofia);
    const dialog = page.getByTestId('terms-dialog');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(dialog).toContainText('You must accept Terms of use to proceed with the Portal!');
    await expect(dialog).toContainText("If you don't accept them you will be logged out!");
    await expect(dialog.getByRole('button')).toHaveText(['Log out', 'Accept the terms of use']);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  });

  // Before 'accepting' below: a request needs the terms and conditions still pending.
  test('after declining, the terms of use alone open the portal; a request then asks for the terms and conditions', async ({
    page,
  }) => {
    await signIn(page, sofia);
    const dialog = page.getByTestId('terms-dialog');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByRole('button', { name: 'Accept the terms of use' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('greeting')).toBeVisible();
    // At once again: the device's copy of the profile may be older than the acceptance.
    await page.reload();
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(dialog).toBeHidden();
    const set = await createSet(page, `Villkorskund ${Date.now().toString(36)} AB`);
    await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
    await page.getByTestId('request').click();
    await page.getByTestId('send-request').click();
    const terms = page.getByTestId('request-terms');
    await expect(terms).toBeVisible();
    // Only the terms and conditions: the terms of use are accepted.
    await expect(terms).toContainText(
      'Requests to the provider need your acceptance of the terms and conditions.',
    );
    await expect(terms).not.toContainText('The Partner Portal is provided');
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

  test('the terms and conditions alone may wait for this session; accepting records them', async ({
    page,
    browser,
  }) => {
    await signIn(page, sofia);
    const dialog = page.getByTestId('terms-dialog');
    await expect(
      dialog.getByRole('heading', { name: 'Terms and conditions for requests and contracts' }).first(),
    ).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['Accept later', 'Accept']);
    await dialog.getByRole('button', { name: 'Accept later' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(page.getByTestId('terms-dialog')).toBeHidden();

    const other = await browser.newPage();
    await signIn(other, sofia);
    await other.getByTestId('terms-dialog').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(other.getByTestId('terms-dialog')).toBeHidden();
    const third = await browser.newPage();
    await signIn(third, sofia);
    await expect(third.getByTestId('greeting')).toBeVisible();
    await expect(third.getByTestId('terms-dialog')).toHaveCount(0);
    await other.close();
    await third.close();
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
