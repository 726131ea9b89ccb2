import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { TRANSLATED_LOCALES } from '../src/domain/locales';
import { DEMO_PASSWORD } from '../src/server/demo/world';
import { signIn, USERS } from './support';

/**
 * Languages and locales (docs/domain.md, “Languages and locales”): the company's locale applies
 * until the user chooses, the menu offers the partner's languages, a locale brings its own
 * formats, and no screen of a translated language shows an English text.
 */
type Tree = { [key: string]: string | Tree };
const read = (file: string) => JSON.parse(readFileSync(`locales/${file}`, 'utf8')) as Tree;
const text = (tree: Tree, key: string) =>
  key.split('.').reduce<Tree | string>((n, k) => (n as Tree)[k]!, tree) as string;
const CLAIRE = 'claire.dubois@leman-bureautique.example';

/** Signs in on the sign-in page in whatever language it speaks, as the labels of `ui` name it. */
async function signInAs(page: Page, email: string, ui: Tree, path = '/') {
  await page.goto(path);
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel(text(ui, 'signIn.email')).fill(email);
  await page.getByLabel(text(ui, 'signIn.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text(ui, 'signIn.submit') }).click();
}

test('a Swiss dealer reads French with Swiss formats, and may switch to Italian', async ({ page }) => {
  const fr = read('ui.fr-FR.json');
  const it = read('ui.it-IT.json');
  // Nobody has chosen a language on this device: the sign-in page is English, the portal then
  // takes the company's locale (fr-CH).
  await signInAs(page, CLAIRE, read('ui.en-IE.json'));
  await expect(page.getByTestId('greeting')).toHaveText(
    text(fr, 'shell.greeting').replace('{{name}}', 'Claire Dubois'),
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CH');
  const menu = page.getByLabel(text(fr, 'shell.language'));
  await expect(menu.locator('option')).toHaveText(['Français', 'Deutsch', 'Italiano', 'English']);

  // Object types by their French names.
  await page.goto('/calculations/new-calculation');
  await page.locator('[name="inputValue"]').fill('12500');
  const frenchLaptop = text(read('names.fr-FR.json'), 'objectTypes.OT-LAPTOP');
  await page.locator('[name="generalObjectType"]').selectOption({ label: frenchLaptop });
  // The brand calculates in Swiss francs.
  await expect(page.getByTestId('result-36').getByRole('cell').last()).toHaveText(/CHF/);

  // Italian: the text changes, amounts take Swiss Italian formats (12’345.50, not Italy's 12.345,50).
  // The editor has unsaved changes: the switch asks first, and keeps the inputs.
  page.once('dialog', (d) => void d.accept());
  await menu.selectOption('it-CH');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-CH');
  await expect(page.getByTestId('greeting')).toHaveText(
    text(it, 'shell.greeting').replace('{{name}}', 'Claire Dubois'),
  );
  const italianLaptop = text(read('names.it-IT.json'), 'objectTypes.OT-LAPTOP');
  await expect(page.locator('[name="generalObjectType"] option:checked')).toHaveText(italianLaptop);
  const [swiss, italy] = await page.evaluate(() =>
    ['it-CH', 'it-IT'].map(
      (l) => new Intl.NumberFormat(l).formatToParts(1.5).find((p) => p.type === 'decimal')!.value,
    ),
  );
  expect(swiss).not.toBe(italy);
  await expect(page.getByTestId('result-36').getByRole('cell').last()).toHaveText(
    new RegExp(`\\d\\${swiss}\\d{2}\\b`),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-CH');
});

test('the sign-in page follows ?l=, and the portal keeps that choice', async ({ page }) => {
  const pl = read('ui.pl-PL.json');
  await signInAs(page, USERS.erik, pl, '/?l=pl-PL');
  await expect(page.getByTestId('greeting')).toHaveText(
    text(pl, 'shell.greeting').replace('{{name}}', 'Erik Berg'),
  );
  // Erik's company is Swedish, but he chose Polish.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
});

/** Texts of English that the language writes differently: on its screens they must not show. */
function englishOnly(locale: string): Set<string> {
  const en = read('ui.en-IE.json');
  const other = read(`ui.${locale}.json`);
  const english = new Set<string>();
  const walk = (a: Tree, b: Tree | undefined) => {
    for (const [k, v] of Object.entries(a)) {
      const t = b?.[k];
      if (typeof v === 'object') walk(v, typeof t === 'object' ? t : undefined);
      else if (!v.includes('{{') && /[a-z]{3}/.test(v) && v !== t) english.add(v);
    }
  };
  walk(en, other);
  return english;
}

for (const locale of TRANSLATED_LOCALES.filter((l) => l !== 'en-IE')) {
  test(`no English text on the main screens in ${locale}`, async ({ page }) => {
    const english = englishOnly(locale);
    await signIn(page, USERS.erik);
    for (const path of [
      '/',
      '/calculations',
      '/calculations/new-calculation',
      '/contracts',
      '/help-center',
    ]) {
      await page.goto(`${path}?l=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      const shown = () =>
        page.evaluate(() => {
          const out: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const el = n.parentElement;
            if (el && el.checkVisibility() && n.textContent!.trim()) out.push(n.textContent!.trim());
          }
          for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]'))
            for (const a of ['aria-label', 'placeholder', 'title']) {
              const v = el.getAttribute(a);
              if (v) out.push(v);
            }
          const loading = document.querySelectorAll('.chakra-skeleton, .chakra-spinner').length;
          return { loading, out };
        });
      // Asked until the screen has loaded (no placeholder, no spinner): English then fails.
      await expect
        .poll(
          async () => {
            const { loading, out } = await shown();
            return { loading, english: out.filter((t) => english.has(t)) };
          },
          { message: `English on ${path} in ${locale}` },
        )
        .toEqual({ loading: 0, english: [] });
    }
  });
}

test("the manual shows each section's screen in the language read", async ({ page }) => {
  const sv = read('help.sv-SE.json');
  await signIn(page, USERS.erik);
  await page.goto('/help-center?l=sv-SE');
  const title = text(sv, 'manual.SECTION_2.title');
  const manual = page.locator('#manual');
  await manual.getByText(title, { exact: true }).click();
  const shot = manual.getByRole('img', { name: new RegExp(title) });
  await expect(shot).toHaveAttribute('src', '/help/sv-SE/SECTION_2.jpg');
  // Loaded, not a broken image.
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
});

test("a process video plays with its guide's steps as captions in the language read, and says offline that it needs a connection", async ({
  page,
  context,
}) => {
  const de = read('help.de-DE.json');
  const ui = read('ui.de-DE.json');
  const title = text(de, 'processes.PROCESS_1.title');
  const steps = text(de, 'processes.PROCESS_1.steps').split('\n').filter(Boolean);
  await signIn(page, USERS.erik);
  await page.goto('/help-center?l=de-DE');
  const processes = page.locator('#processes');
  const video = processes.getByLabel(text(ui, 'help.video').replace('{{title}}', title));
  await expect(video).toHaveAttribute('poster', '/help/videos/PROCESS_1.jpg');
  // The film loads (its length known), and its captions are the German steps, numbered.
  await video.evaluate((v: HTMLVideoElement) => {
    v.preload = 'metadata';
    v.load();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(10);
  const cues = () =>
    video.evaluate((v: HTMLVideoElement) =>
      Array.from(v.textTracks[0]?.cues ?? [], (c) => (c as VTTCue).text),
    );
  await expect.poll(cues).toEqual(steps.map((s, i) => `${i + 1}. ${s}`));
  expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.language)).toBe('de-DE');

  // Videos are not kept for offline use: playing one offline says so, and the steps stay.
  await page.goto('/help-center?l=de-DE');
  await expect(video).toBeVisible();
  await context.setOffline(true);
  await video.evaluate((v: HTMLVideoElement) => v.play().catch(() => {}));
  await expect(processes.getByText(text(ui, 'help.videoNeedsConnection')).first()).toBeVisible();
  await expect(processes.getByText(steps[0]!, { exact: true })).toBeVisible();
  await context.setOffline(false);
});
