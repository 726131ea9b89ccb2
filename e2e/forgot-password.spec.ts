import { expect } from '@playwright/test';
import { test } from './axe';
import { TIMEOUT } from './timeouts';

/** Maja signs in nowhere else in the journeys: her new password changes nothing for them. */
const MAJA = 'maja.holm@nordic-office.example';
const NEW_PASSWORD = 'Midsommar-vid-Siljan-26';

test('a user who forgot the password asks for a link on the sign-in page, chooses a new one and signs in', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await page.waitForURL(/\/sign-in\//);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  // An address that is not one is refused on the page, with what was typed kept.
  await page.getByLabel('E-mail').fill('maja.holm@');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the e-mail address you sign in with');
  await expect(page.getByLabel('E-mail')).toHaveValue('maja.holm@');
  await page.getByLabel('E-mail').fill(MAJA);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your mailbox');
  await expect(page.getByRole('status')).toContainText(MAJA);

  // The mail is written by a background job: open the mailbox once it holds the mail.
  const subject = 'Your new password for the Partner Portal';
  const inbox = `/mailbox?to=${encodeURIComponent(MAJA)}`;
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
  await page.getByLabel('E-mail').fill(MAJA);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('greeting')).toContainText('Maja Holm', { timeout: TIMEOUT.signIn });
});
