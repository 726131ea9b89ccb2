import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { TIMEOUT } from './timeouts';

/**
 * Accessibility in every journey: axe-core on every screen, failing on any violation of any
 * impact. A journey collects its screens as it goes (each new address, heading, dialog or menu,
 * and the screen it ends on, in the state it left it); axe checks them at the journey's end, in
 * a review with its own time (TIMEOUT.accessibilityReview), so that a slow machine's axe never
 * eats a step's wait. A screen is collected as a copy: its markup with the form values and
 * scroll positions it showed, and the style rules in force, shown again in a page of the same
 * size, touch and motion settings (docs/architecture.md, "The PWA", Accessibility).
 */
interface Snapshot {
  screen: string;
  html: string;
  viewport: { width: number; height: number };
  hasTouch: boolean;
  reducedMotion: boolean;
  scroll: { x: number; y: number };
}

/** The screens collected by the running journey (a worker runs one journey at a time). */
let collected: Snapshot[] = [];
/** Set while expectAccessible collects: its own waits must not collect the screen a second time. */
let collectingByHand = false;

/** Collects the screen the page shows now, once its placeholders are gone; checked at the end. */
export async function expectAccessible(page: Page, screen = new URL(page.url()).pathname): Promise<void> {
  collectingByHand = true;
  try {
    await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
    collected.push({ ...(await snapshot(page)), screen });
  } finally {
    collectingByHand = false;
  }
}

/** A copy of the screen the page shows, its animations ended; undefined while it loads or was seen. */
export async function snapshot(page: Page): Promise<Snapshot>;
export async function snapshot(page: Page, seen: Set<string>): Promise<Snapshot | undefined>;
export async function snapshot(page: Page, seen?: Set<string>): Promise<Snapshot | undefined> {
  await settled(page);
  const copy = await page.evaluate(copyScreen, seen ? [...seen] : null);
  return copy && { ...copy, viewport: page.viewportSize() ?? { width: 1280, height: 800 } };
}

/** Nothing copied half faded in: the running finite animations and transitions end first. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/**
 * The screen as markup that shows the same without the app: one synchronous task, so nothing
 * changes during the copy. Scripts go (the copy must not start the app), the style sheets become
 * their rules (the design system writes most of them straight into the CSS object model, where
 * the markup does not show them), form controls carry their current values as attributes, and
 * scrolled boxes note where they stood.
 */
function copyScreen(seen: string[] | null) {
  // What the user sees, as a key: the address, the page's heading, the open dialogs and menus.
  // While the screen loads (placeholders, a list being read) it is collected at a later step.
  if (seen && document.querySelector('.chakra-skeleton, [aria-busy="true"]')) return undefined;
  // The handler saw a heading, but the screen went while its animations ended (sign-out shows
  // nothing while it counts the device's drafts, then leaves): a screen that comes again is
  // collected then.
  if (seen && !document.querySelector('h1')) return undefined;
  const nameOf = (e: Element) =>
    e.getAttribute('aria-label') ??
    document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent ??
    e.getAttribute('role');
  const open = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')]
    .filter((e) => e.checkVisibility())
    .map(nameOf);
  const screen = [location.pathname, document.querySelector('h1')?.textContent ?? '', ...open].join(' | ');
  if (seen?.includes(screen)) return undefined;

  const live = document.documentElement;
  const copy = live.cloneNode(true) as HTMLElement;
  const liveElements = live.querySelectorAll('*');
  const copyElements = copy.querySelectorAll('*');
  liveElements.forEach((from, i) => {
    const to = copyElements[i]!;
    if (from.scrollTop || from.scrollLeft)
      to.setAttribute('data-copy-scroll', `${from.scrollLeft},${from.scrollTop}`);
    if (from instanceof HTMLInputElement) {
      if (from.type === 'checkbox' || from.type === 'radio') to.toggleAttribute('checked', from.checked);
      else if (!['file', 'submit', 'button', 'reset', 'image'].includes(from.type))
        to.setAttribute('value', from.value);
    } else if (from instanceof HTMLTextAreaElement) to.textContent = from.value;
    else if (from instanceof HTMLOptionElement) to.toggleAttribute('selected', from.selected);
  });
  copy
    .querySelectorAll(
      'script, style, link[rel~="stylesheet"], link[rel~="modulepreload"], link[rel~="preload"]',
    )
    .forEach((e) => e.remove());
  const head =
    copy.querySelector('head') ?? copy.insertBefore(document.createElement('head'), copy.firstChild);
  const base = document.createElement('base');
  base.href = document.baseURI;
  head.prepend(base);
  for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets]) {
    if (sheet.disabled) continue;
    const rules = [...sheet.cssRules].map((r) => r.cssText).join('\n');
    const media = sheet.media.mediaText;
    const style = document.createElement('style');
    style.textContent = media ? `@media ${media} {\n${rules}\n}` : rules;
    head.append(style);
  }
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
  return {
    screen,
    html: doctype + copy.outerHTML,
    hasTouch: navigator.maxTouchPoints > 0,
    reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    scroll: { x: window.scrollX, y: window.scrollY },
  };
}

/**
 * Shows a collected screen again and answers axe's findings, one line per node. The copy has no
 * frames, so axe runs in the page itself (legacy mode: no blank page opened per run to combine
 * frames' results, which cost a second a screen).
 */
async function review(page: Page, s: Snapshot): Promise<string[]> {
  await page.setContent(s.html, { waitUntil: 'load' });
  await page.evaluate((scroll) => {
    for (const e of document.querySelectorAll('[data-copy-scroll]')) {
      const [left, top] = e.getAttribute('data-copy-scroll')!.split(',').map(Number);
      e.scrollTo(left!, top!);
      e.removeAttribute('data-copy-scroll');
    }
    window.scrollTo(scroll.x, scroll.y);
    // Dialogs and toasts fade in as the copy appears: measured as they ended on the screen.
    for (const a of document.getAnimations()) if (a.effect?.getTiming().iterations !== Infinity) a.finish();
  }, s.scroll);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${s.screen}: ${v.impact} ${v.id}: ${n.html.slice(0, 160)} — ${n.failureSummary ?? ''}`,
    ),
  );
}

/**
 * axe's findings on the collected screens, one line per node, each named by its screen: one
 * page for each combination of size, touch and motion settings shows the copies in turn.
 */
export async function reviewScreens(browser: Browser, screens: Snapshot[]): Promise<string[]> {
  const pages = new Map<string, Page>();
  const found: string[] = [];
  try {
    for (const s of screens) {
      const settings = { viewport: s.viewport, hasTouch: s.hasTouch, reducedMotion: s.reducedMotion };
      const key = JSON.stringify(settings);
      let page = pages.get(key);
      if (!page) {
        page = await browser.newPage({
          ...settings,
          reducedMotion: s.reducedMotion ? 'reduce' : 'no-preference',
        });
        pages.set(key, page);
      }
      found.push(...(await review(page, s)));
    }
  } finally {
    await Promise.all([...pages.values()].map((p) => p.context().close()));
  }
  return found;
}

/** The demo's own tools (mailbox, e-signature simulator) and files are not the portal's screens. */
const isPortalScreen = (url: string) => {
  if (!url.startsWith('http')) return false;
  const { pathname } = new URL(url);
  return !/^\/(mailbox|esign-sim|api|oidc)(\/|$)/.test(pathname);
};

/**
 * Collects each new screen of a page before the journey's next step on it: Playwright runs a
 * locator handler before every action and every waiting assertion while the locator is visible
 * (every portal screen has a level-1 heading), so the copy is of the screen the journey reached,
 * not a moment of a transition. The handler only lets running animations end and copies (one
 * evaluation, the key and the copy in the same task); the check waits for the review.
 */
async function collectEveryScreen(page: Page): Promise<void> {
  const seen = new Set<string>();
  await page.addLocatorHandler(
    page.locator('h1').first(),
    async () => {
      if (collectingByHand || !isPortalScreen(page.url())) return;
      try {
        const copy = await snapshot(page, seen);
        if (!copy) return;
        seen.add(copy.screen);
        collected.push(copy);
      } catch (error) {
        // The journey's last step left the screen while it was copied: collected when it comes again.
        if (!leftTheScreen(error)) throw error;
      }
    },
    { noWaitAfter: true },
  );
}

const leftTheScreen = (error: unknown) =>
  error instanceof Error &&
  /Execution context was destroyed|has been closed|frame was detached|Test ended/i.test(error.message);

export const test = base.extend<{ accessibleOnEveryScreen: void }>({
  accessibleOnEveryScreen: [
    async ({ context, browser }, use, testInfo) => {
      collected = [];
      for (const page of context.pages()) await collectEveryScreen(page);
      // A page closed at once (a download's tab) has nothing to check.
      context.on('page', (page) => void collectEveryScreen(page).catch(() => undefined));
      await use();
      // A journey that failed has said why; axe would only add noise.
      if (testInfo.status !== testInfo.expectedStatus) return;
      // A journey may end on a step that is still loading its page (a chunk, a redirect): the
      // screen is collected once it is there, as every portal screen has its level-1 heading.
      for (const page of context.pages())
        if (!page.isClosed() && isPortalScreen(page.url())) {
          await expect(page.locator('h1').first()).toBeVisible({ timeout: TIMEOUT.screen });
          await expectAccessible(page, `${new URL(page.url()).pathname} (where the journey ended)`);
        }
      const found = await reviewScreens(browser, collected);
      expect(found, `accessibility of ${collected.length} screens`).toEqual([]);
    },
    { auto: true, timeout: TIMEOUT.accessibilityReview },
  ],
});

export { expect };
