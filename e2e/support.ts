import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../src/server/demo/world';

export const USERS = {
  anna: 'anna.lind@nordic-office.example',
  erik: 'erik.berg@nordic-office.example',
  jonas: 'jonas.koch@rheinland-buero.example',
  lukas: 'lukas.weber@rheinland-buero.example',
} as const;

/** Signs in through the real sign-in page of the identity provider and waits for the shell. */
export async function signIn(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel(/e-mail|e-post/i).fill(email);
  await page.getByLabel(/password|passwort|lösenord/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in|anmelden|logga in/i }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}
