import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

/** A real JPEG, drawn by the browser itself. */
async function jpegFrom(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 80;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1f4e8c';
    ctx.fillRect(0, 0, 240, 80);
    ctx.fillStyle = '#fff';
    ctx.font = '28px sans-serif';
    ctx.fillText('Nordic Office', 20, 50);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Fills the new-user form: names, e-mail and a profile on each brand named, the first the default. */
async function fillNewUser(page: Page, firstName: string, lastName: string, email: string, brands: string[]) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('E-mail', { exact: false }).first().fill(email);
  for (const brand of brands) {
    await page.getByLabel('Add profile').selectOption({ label: brand });
    await page.getByRole('button', { name: 'Add profile' }).click();
  }
}

test('an admin creates a user with two profiles; the user gets the invitation, sets a password and signs in', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const lastName = `Sund-${stamp}`;
  const email = `karin.sund.${stamp}@nordic-office.example`;
  await signIn(page, USERS.anna);
  await page.getByRole('button', { name: 'MyGRENKE' }).click();
  await page.getByRole('region', { name: 'MyGRENKE' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'New user' }).click();
  await fillNewUser(page, 'Karin', lastName, email, ['Nordic Office Solutions', 'Nordic Medical Leasing']);
  await expect(page.getByTestId('profile-row')).toHaveCount(2);
  await expect(page.getByLabel('Make Nordic Office Solutions the default profile')).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/mygrenke/users');
  await expect(page.getByRole('link', { name: lastName })).toBeVisible();
  await expect(page.getByTestId('user-row').filter({ hasText: lastName })).toContainText(
    'Nordic Medical Leasing (medical)',
  );

  const mailbox = await browser.newPage();
  await mailbox.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  await mailbox.getByRole('link', { name: 'Din åtkomst till Partnerportalen' }).click();
  await mailbox.getByRole('link', { name: 'Välj lösenord' }).click();
  await mailbox.getByLabel(/new password|nytt lösenord/i).fill('Sommar-i-Stockholm-26');
  await mailbox.getByLabel(/repeat|upprepa/i).fill('Sommar-i-Stockholm-26');
  await mailbox.getByRole('button').click();
  await expect(mailbox.getByRole('heading', { level: 1 })).toHaveText(
    /password is saved|lösenord är sparat/i,
  );
  await mailbox.close();

  const karin = await browser.newPage();
  await karin.goto('/');
  await karin.waitForURL(/\/sign-in\//);
  await karin.getByLabel('E-mail').fill(email);
  await karin.getByLabel('Password').fill('Sommar-i-Stockholm-26');
  await karin.getByRole('button', { name: 'Sign in' }).click();
  // Nobody chose a language on this device: the portal speaks her company's, Swedish, and
  // first asks a new user to accept the terms.
  const terms = karin.getByTestId('terms-dialog');
  await expect(terms).toBeVisible({ timeout: TIMEOUT.signIn });
  await expect(karin.locator('html')).toHaveAttribute('lang', 'sv-SE');
  await terms.getByRole('button', { name: 'Godkänn', exact: true }).click();
  await expect(karin.getByTestId('greeting')).toHaveText(`Hej, Karin ${lastName}`);
  await expect(karin.getByLabel('Varumärke').locator('option')).toHaveText([
    'Nordic Office Solutions',
    'Nordic Medical Leasing',
  ]);
});

test('a user who owns calculations can be deleted once they are moved', async ({ page }) => {
  await signIn(page, USERS.anna);
  await page.goto('/mygrenke/users');
  await page.getByRole('link', { name: 'Holm' }).click();
  // Deleting is not offered while she owns work, and the page says why.
  await expect(page.getByTestId('delete-needs-move')).toHaveText(
    'The user still has calculations or contracts. Move them to another user first.',
  );
  await expect(page.getByRole('button', { name: 'Delete user' })).toHaveCount(0);

  await expect(page.getByTestId('move-work')).toContainText('Calculations: 3, contracts: 1');
  await page.getByLabel('Move to…').selectOption({ label: 'Erik Berg' });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Moved 3 calculations and 1 contract.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete user' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(page).toHaveURL('/mygrenke/users');
  await expect(page.getByRole('link', { name: 'Holm' })).toHaveCount(0);
});

test("a deleted user's e-mail: the new-user form says so, and saving again restores that user", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const lastName = `Ater-${stamp}`;
  const email = `nils.ater.${stamp}@nordic-office.example`;
  await signIn(page, USERS.anna);
  const saveNewUser = async () => {
    await page.goto('/mygrenke/users/new-user');
    await fillNewUser(page, 'Nils', lastName, email, ['Nordic Office Solutions']);
    await page.getByRole('button', { name: 'Save' }).click();
  };
  await saveNewUser();
  await expect(page).toHaveURL('/mygrenke/users');
  await page.getByRole('link', { name: lastName }).click();
  await page.getByRole('button', { name: 'Delete user' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(page).toHaveURL('/mygrenke/users');
  await expect(page.getByRole('link', { name: lastName })).toHaveCount(0);

  await saveNewUser();
  const said = page.getByRole('alert').filter({ hasText: 'Save again to restore that user.' });
  await expect(said.first()).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/mygrenke/users');
  await expect(page.getByRole('link', { name: lastName })).toBeVisible();
});

test('the company logo: a JPG is stored and shown, a PNG renamed to .jpg is refused', async ({ page }) => {
  await signIn(page, USERS.lukas);
  await page.getByRole('button', { name: 'MyGRENKE' }).click();
  await page.getByRole('link', { name: 'Company management' }).click();
  await expect(page.getByText('Your company has no logo yet.')).toBeVisible();
  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await jpegFrom(page) });
  await expect(page.getByTestId('company-logo')).toBeVisible();
  await expect(page.getByText('Your company has no logo yet.')).toBeHidden();

  const png = readFileSync('public/icons/icon-192.png');
  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'renamed.jpg', mimeType: 'image/jpeg', buffer: png });
  await expect(page.getByRole('alert')).toHaveText('The logo must be a JPG image.');

  await page.getByRole('button', { name: 'Delete logo' }).click();
  await expect(page.getByText('Your company has no logo yet.')).toBeVisible();
});

test('a user who is not an admin sees no administration and is forbidden there', async ({ page }) => {
  await signIn(page, USERS.erik);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'MyGRENKE' })).toHaveCount(0);
  await page.goto('/mygrenke/users');
  await expect(page).toHaveURL('/access-forbidden');
  await expect(page.getByText("You don't have the necessary rights to request this resource")).toBeVisible();
});
