import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Accessibility in every journey: axe-core on a screen, failing on any violation of any impact.
 * The sweep (a11y.spec.ts) checks every screen at three sizes; every other journey is checked on
 * each screen it ends on, in whatever state it left it (a dialog open, a notice shown, a list
 * filtered), by the automatic fixture below.
 */
export async function expectAccessible(page: Page, screen = new URL(page.url()).pathname): Promise<void> {
  await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
  // Nothing measured half faded in: the finite animations (toasts, dialogs) end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  // Each node with its markup and what axe measured, so that a failure names its cause.
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id}: ${n.html.slice(0, 160)} — ${n.failureSummary ?? ''}`),
  );
  expect(found, `accessibility of ${screen}`).toEqual([]);
}

/** The demo's own tools (mailbox, e-signature simulator) and files are not the portal's screens. */
const isPortalScreen = (url: string) => {
  if (!url.startsWith('http')) return false;
  const { pathname } = new URL(url);
  return !/^\/(mailbox|esign-sim|api|oidc)(\/|$)/.test(pathname);
};

export const test = base.extend<{ accessibleAtTheEnd: void }>({
  accessibleAtTheEnd: [
    async ({ context }, use, testInfo) => {
      await use();
      // A journey that failed has said why; axe would only add noise.
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const page of context.pages())
        if (!page.isClosed() && isPortalScreen(page.url())) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };
