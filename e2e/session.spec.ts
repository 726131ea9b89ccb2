import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { SESSION } from '../src/domain/constants';
import { signIn, USERS } from './support';

/**
 * The session's clock (administration specification, “States and transitions”): renewal before
 * the warning, the warning SESSION.expiryWarningSeconds before the token expires, and a device
 * whose clock is off by SESSION.clockSkewSeconds works as any other. The demo provider's tokens
 * live 900 s (ACCESS_TOKEN_TTL).
 */
const WARNING = 'Your session ends in less than two minutes.';

/** The provider refuses every renewal while `refusing()` says so. */
async function refuseRenewals(page: Page, refusing: () => boolean) {
  await page.route('**/oidc/token', (route) =>
    refusing() && route.request().postData()?.includes('grant_type=refresh_token')
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'invalid_grant' }),
        })
      : route.fallback(),
  );
}

test('a session not renewed warns two minutes before it ends, and staying signed in renews it', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, USERS.erik);
  let refusing = true;
  await refuseRenewals(page, () => refusing);

  // Renewal was tried (and refused) at 300 s before the end; no warning until 120 s before.
  await page.clock.fastForward(900_000 - SESSION.expiryWarningSeconds * 1000 - 20_000);
  await expect(page.getByText(WARNING)).toHaveCount(0);
  await page.clock.fastForward(30_000);
  await expect(page.getByText(WARNING)).toBeVisible();

  refusing = false;
  await page.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(page.getByText(WARNING)).toHaveCount(0);
  // The new token's life starts now: no warning for the next ten minutes.
  await page.clock.fastForward(600_000);
  await expect(page.getByText(WARNING)).toHaveCount(0);
  await expect(page).not.toHaveURL(/session-timeout/);
});

test('a session that renews never warns', async ({ page }) => {
  await page.clock.install();
  await signIn(page, USERS.erik);
  await page.clock.fastForward(900_000 - SESSION.expiryWarningSeconds * 1000 + 10_000);
  await page.goto('/calculations');
  await expect(page.getByRole('heading', { name: 'Calculations' })).toBeVisible();
  await expect(page.getByText(WARNING)).toHaveCount(0);
});

for (const sign of [1, -1]) {
  test(`a device clock ${sign > 0 ? 'ahead' : 'behind'} by ${SESSION.clockSkewSeconds} s signs in and works`, async ({
    page,
  }) => {
    await page.clock.install({ time: Date.now() + sign * SESSION.clockSkewSeconds * 1000 });
    await signIn(page, USERS.erik);
    await page.goto('/calculations');
    await expect(page.getByRole('heading', { name: 'Calculations' })).toBeVisible();
    await expect(page.getByTestId('calculation-row').first()).toBeVisible();
    await expect(page.getByText(WARNING)).toHaveCount(0);
    await expect(page).not.toHaveURL(/session-timeout/);
  });
}
