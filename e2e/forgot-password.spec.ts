import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { apiCall, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

const NEW_PASSWORD = 'Midsommar-vid-Siljan-26';

/**
 * A user of this journey's own, made by the Swedish dealer's admin through the API: the demo's
 * users belong to other journeys (the administration journey deletes Maja), and a new password
 * would change what they sign in with.
 */
async function newUser(page: Page): Promise<string> {
  await signIn(page, USERS.anna);
  const email = `pia.${Date.now().toString(36)}@nordic-office.example`;
  const created = await apiCall(page, 'POST', '/api/users', {
    firstName: 'Pia',
    lastName: 'Lund',
    title: '',
    telephone: { countryCode: '', number: '' },
    eMail: email,
    status: 'active',
    isAdmin: false,
    hasGlobalAccess: false,
    isExcelDownloadPermitted: false,
    isMoveCalculationsPermitted: false,
    defaultParentProfileId: 'SE-NOS',
    parentProfiles: [{ id: 'SE-NOS', active: true }],
  });
  expect(created.status).toBe(201);
  return email;
}

test('a user who forgot the password asks for a link on the sign-in page, chooses a new one and signs in', async ({
  page,
  browser,
}) => {
  const PIA = await newUser(page);
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await page.waitForURL(/\/sign-in\//);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  // An address that is not one is refused on the page, with what was typed kept.
  await page.getByLabel('E-mail').fill('pia.lund@');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the e-mail address you sign in with');
  await expect(page.getByLabel('E-mail')).toHaveValue('pia.lund@');
  await page.getByLabel('E-mail').fill(PIA);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your mailbox');
  await expect(page.getByRole('status')).toContainText(PIA);

  // The mail is written by a background job: open the mailbox once it holds the mail.
  const subject = 'Your new password for the Partner Portal';
  const inbox = `/mailbox?to=${encodeURIComponent(PIA)}`;
  await expect
    .poll(async () => (await page.request.get(inbox)).text(), { timeout: TIMEOUT.serverWork })
    .toContain(subject);
  const mailbox = await browser.newPage();
  await mailbox.goto(inbox);
  await mailbox.getByRole('link', { name: subject }).click();
  await mailbox.getByRole('link', { name: 'Choose a new password' }).click();
  await mailbox.getByLabel(/new password/i).fill(NEW_PASSWORD);
  await mailbox.getByLabel(/repeat/i).fill(NEW_PASSWORD);
  await mailbox.getByRole('button', { name: 'Save password' }).click();
  await expect(mailbox.getByRole('heading', { level: 1 })).toHaveText('Your password is saved');
  await mailbox.close();

  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel('E-mail').fill(PIA);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Her first sign-in asks for the terms first, in the language this device was last used in.
  const terms = page.getByTestId('terms-dialog');
  await expect(terms).toBeVisible({ timeout: TIMEOUT.signIn });
  await terms.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, Pia Lund');
});
