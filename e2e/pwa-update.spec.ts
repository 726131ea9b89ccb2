import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './axe';
import { precompressFile } from '../scripts/precompress';
import { signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

/**
 * A new version is offered, not forced: a changed service worker waits, the page shows the
 * prompt and keeps running; only "Reload now" lets the new version take over. The test changes
 * dist/sw.js and its compressed copies, as a deployment would, and restores them.
 */
test('a new version of the portal is offered with a prompt, not forced', async ({ page }) => {
  await signIn(page, USERS.erik);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('greeting')).toBeVisible();

  const file = 'dist/sw.js';
  const original = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, `${original}\n// next version ${Date.now()}\n`);
    await precompressFile(file);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
      return navigator.serviceWorker.getRegistration().then((r) => r?.update());
    });
    await expect(page.getByText('A new version of the portal is available.')).toBeVisible({
      timeout: TIMEOUT.navigation,
    });
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload now' }).click();
    await reloaded;
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBeUndefined();
    await expect(page.getByTestId('greeting')).toBeVisible();
  } finally {
    writeFileSync(file, original);
    await precompressFile(file);
  }
});
