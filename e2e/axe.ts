import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Accessibility in every journey: axe-core on a screen, failing on any violation of any impact.
 * The sweep (a11y.spec.ts) checks every screen at three sizes; every other journey is checked on
 * each screen it visits (a new address, heading, dialog or menu) and on the screen it ends on, in
 * the state it left it (a notice shown, a list filtered), by the automatic fixture below.
 */
export async function expectAccessible(page: Page, screen = new URL(page.url()).pathname): Promise<void> {
  await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
  await analyze(page, screen);
}

async function analyze(page: Page, screen: string): Promise<void> {
  // A measure taken while something fades in (a button enabled as the data arrives, a toast)
  // is not the screen's: axe runs again once what started during its run has ended.
  for (let run = 1; ; run += 1) {
    await settled(page);
    await page.evaluate(() => {
      const w = window as { axeSawMotion?: boolean };
      w.axeSawMotion = false;
      const saw = () => (w.axeSawMotion = true);
      for (const type of ['transitionrun', 'animationstart'])
        window.addEventListener(type, saw, { capture: true, once: true });
    });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const moved = await page.evaluate(() => (window as { axeSawMotion?: boolean }).axeSawMotion === true);
    if (moved && run < 3) continue;
    // Each node with its markup and what axe measured, so that a failure names its cause.
    const found = violations.flatMap((v) =>
      v.nodes.map((n) => `${v.impact} ${v.id}: ${n.html.slice(0, 160)} — ${n.failureSummary ?? ''}`),
    );
    expect(found, `accessibility of ${screen}`).toEqual([]);
    return;
  }
}

/** Nothing measured half faded in: the finite animations and transitions (toasts, dialogs) end first. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** The demo's own tools (mailbox, e-signature simulator) and files are not the portal's screens. */
const isPortalScreen = (url: string) => {
  if (!url.startsWith('http')) return false;
  const { pathname } = new URL(url);
  return !/^\/(mailbox|esign-sim|api|oidc)(\/|$)/.test(pathname);
};

/**
 * What the user sees, as a key: the address, the page's heading, the open dialogs and menus.
 * Undefined while the screen is still loading (placeholders, a list being read): it is checked
 * once it has loaded, at the journey's next step.
 */
const screenOf = (page: Page) =>
  page.evaluate(() => {
    if (document.querySelector('.chakra-skeleton, [aria-busy="true"]')) return undefined;
    const nameOf = (e: Element) =>
      e.getAttribute('aria-label') ??
      document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent ??
      e.getAttribute('role');
    const open = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')]
      .filter((e) => e.checkVisibility())
      .map(nameOf);
    const heading = document.querySelector('h1')?.textContent ?? '';
    return [location.pathname, heading, ...open].join(' | ');
  });

/**
 * Checks each new screen of a page before the journey's next step on it: Playwright runs a
 * locator handler before every action and every waiting assertion while the locator is visible
 * (every portal screen has a level-1 heading), so the check sees the screen the journey reached,
 * not a moment of a transition.
 */
async function checkEveryScreen(page: Page): Promise<void> {
  const seen = new Set<string>();
  await page.addLocatorHandler(
    page.locator('h1').first(),
    async () => {
      if (!isPortalScreen(page.url())) return;
      const screen = await screenOf(page).catch(() => undefined);
      if (!screen || seen.has(screen)) return;
      seen.add(screen);
      try {
        await analyze(page, screen);
      } catch (error) {
        // The journey's last step left the screen while axe ran: checked when it comes again.
        if (!leftTheScreen(error)) throw error;
        seen.delete(screen);
      }
    },
    { noWaitAfter: true },
  );
}

const leftTheScreen = (error: unknown) =>
  error instanceof Error &&
  /Execution context was destroyed|has been closed|frame was detached/i.test(error.message);

export const test = base.extend<{ accessibleOnEveryScreen: void }>({
  accessibleOnEveryScreen: [
    async ({ context }, use, testInfo) => {
      for (const page of context.pages()) await checkEveryScreen(page);
      // A page closed at once (a download's tab) has nothing to check.
      context.on('page', (page) => void checkEveryScreen(page).catch(() => undefined));
      await use();
      // A journey that failed has said why; axe would only add noise.
      if (testInfo.status !== testInfo.expectedStatus) return;
      // A journey may end on a step that is still loading its page (a chunk, a redirect): the
      // screen is checked once it is there, as every portal screen has its level-1 heading.
      for (const page of context.pages())
        if (!page.isClosed() && isPortalScreen(page.url())) {
          await expect(page.locator('h1').first()).toBeVisible();
          await expectAccessible(page);
        }
    },
    { auto: true },
  ],
});

export { expect };
