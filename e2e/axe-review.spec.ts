import { expect, test } from '@playwright/test';
import { reviewScreens, snapshot } from './axe';

/**
 * The journeys' accessibility check looks at copies of their screens (e2e/axe.ts): a copy must
 * show what the screen showed, so that axe finds on it what it would have found on the screen.
 */
const screen = `<!DOCTYPE html><html lang="en"><head><title>Copy</title></head><body>
  <main><h1>Offer</h1>
    <p id="note">Valid for 30 days</p>
    <label>Customer <input id="customer"></label>
    <label>Period <select id="period"><option>36</option><option>48</option></select></label>
  </main>
  <script>document.title = 'Copy';</script>
</body></html>`;

test('a copied screen keeps the style rules written into the CSS object model', async ({ page, browser }) => {
  await page.setContent(screen);
  // The design system writes its rules this way: they are in no <style> element's text.
  await page.evaluate(() => {
    const sheet = document.head.appendChild(document.createElement('style')).sheet!;
    sheet.insertRule('#note { color: #bbb; background: #fff; }');
  });
  const copy = { ...(await snapshot(page)), screen: 'offer' };
  expect(copy.html).not.toContain('<script');
  const found = await reviewScreens(browser, [copy]);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^offer: serious color-contrast: <p id="note">/);
});

test('a copied screen keeps what the user typed and chose, and passes when the screen does', async ({
  page,
  browser,
}) => {
  await page.setContent(screen);
  await page.locator('#customer').fill('Lunds Kaffebar');
  await page.locator('#period').selectOption('48');
  const copy = { ...(await snapshot(page)), screen: 'offer' };
  expect(copy.html).toContain('value="Lunds Kaffebar"');
  expect(copy.html).toMatch(/<option selected="">48<\/option>/);
  expect(await reviewScreens(browser, [copy])).toEqual([]);
});
