/**
 * The user manual's screenshots, taken from the portal itself in every translated language
 * (`npm run help:screenshots`): a portal on a throwaway demo database, Chromium at 1280×800,
 * one JPEG per manual section that has one (HELP_SCREENSHOTS) in public/help/{locale}/.
 * Run it again when a screen of the manual changes; `npm run help:screenshots -- ru-RU uk-UA`
 * takes only those languages (a language added).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { TRANSLATED_LOCALES } from '../src/domain/locales';
import { HELP_SCREENSHOTS, type HelpScreenshot } from '../src/features/help/screenshots';
import { DEMO_PASSWORD } from '../src/server/demo/world';

const PORT = 8471;
const BASE = `http://localhost:${PORT}`;
const OUT = path.resolve(import.meta.dirname, '..', 'public', 'help');
const asked = process.argv.slice(2);
const LOCALES = asked.length ? TRANSLATED_LOCALES.filter((l) => asked.includes(l)) : TRANSLATED_LOCALES;

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'help-')),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the portal did not start');
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${BASE}/?l=en-IE`);
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('greeting').waitFor();
}

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

await waitForServer();
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const [email, shots] of [
    ['erik.berg@nordic-office.example', HELP_SCREENSHOTS.filter((s) => s !== 'SECTION_8')],
    ['anna.lind@nordic-office.example', ['SECTION_8'] as HelpScreenshot[]],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await signIn(page, email);
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
