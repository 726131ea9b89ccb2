/**
 * The user manual's screenshots, taken from the portal itself in every translated language
 * (`npm run help:screenshots`): a portal on a throwaway demo database, Chromium at 1280×800,
 * one JPEG per manual section that has one (HELP_SCREENSHOTS) in public/help/{locale}/.
 * Run it again when a screen of the manual changes; `npm run help:screenshots -- ru-RU uk-UA`
 * takes only those languages (a language added).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { TRANSLATED_LOCALES } from '../src/domain/locales';
import { HELP_SCREENSHOTS, type HelpScreenshot } from '../src/features/help/screenshots';
import { signIn, startDemoPortal } from './demo-portal';

const OUT = path.resolve(import.meta.dirname, '..', 'public', 'help');
const asked = process.argv.slice(2);
const LOCALES = asked.length ? TRANSLATED_LOCALES.filter((l) => asked.includes(l)) : TRANSLATED_LOCALES;
const { base: BASE, stop } = await startDemoPortal(8471);

/** Brings the screen of a section up, in `locale`, settled (no placeholder, no animation). */
async function show(page: Page, shot: HelpScreenshot, locale: string): Promise<void> {
  const go = (p: string) => page.goto(`${BASE}${p}${p.includes('?') ? '&' : '?'}l=${locale}`);
  switch (shot) {
    case 'SECTION_1':
      await go('/');
      await page.getByTestId('greeting').waitFor();
      break;
    case 'SECTION_2':
    case 'SECTION_3':
      await go('/calculations/new-calculation');
      await page.locator('[name="inputValue"]').fill('12500');
      await page.locator('[name="generalObjectType"]').selectOption({ index: 1 });
      await page.getByTestId('result-36').waitFor();
      if (shot === 'SECTION_3') {
        await go('/calculations/new-calculation/edit-customer');
        await page.locator('[name="search.text"]').fill('kontor');
        await page
          .locator('form[role="search"]:has([name="search.text"])')
          .evaluate((f: HTMLFormElement) => f.requestSubmit());
        await page.getByTestId('search-results').waitFor();
      }
      break;
    case 'SECTION_5': {
      await go('/calculations?states=readyToSign');
      const href = await page
        .getByTestId('calculation-row')
        .first()
        .locator('a')
        .first()
        .getAttribute('href');
      await go(`${href}/contract-details`);
      await page.getByTestId('print-contract').waitFor();
      break;
    }
    case 'SECTION_6':
      await go('/contracts');
      await page.getByTestId('contract-row').first().waitFor();
      break;
    case 'SECTION_7':
      await go('/sync');
      await page.getByTestId('storage-info').waitFor();
      break;
    case 'SECTION_8':
      await go('/mygrenke/users');
      await page.getByTestId('user-row').first().waitFor();
      break;
  }
  await page
    .locator('.chakra-skeleton')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const [email, shots] of [
    ['erik.berg@nordic-office.example', HELP_SCREENSHOTS.filter((s) => s !== 'SECTION_8')],
    ['anna.lind@nordic-office.example', ['SECTION_8'] as HelpScreenshot[]],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await signIn(page, BASE, email);
    for (const locale of LOCALES)
      for (const shot of shots) {
        await show(page, shot, locale);
        mkdirSync(path.join(OUT, locale), { recursive: true });
        await page.screenshot({ path: path.join(OUT, locale, `${shot}.jpg`), type: 'jpeg', quality: 60 });
        console.log(`${locale} ${shot}`);
      }
    await page.close();
  }
} finally {
  await browser.close();
  stop();
}
