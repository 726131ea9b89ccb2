/**
 * The help centre's process videos, filmed from the portal itself (`npm run help:videos`): a
 * portal on a throwaway demo database, Chromium at 1280×720 recording each process as a user does
 * it, step by step as the process guide (locales/help.*.json, `processes`) tells it. Writes
 * public/help/videos/PROCESS_n.webm with a still of its first screen (.jpg), and
 * src/features/help/videos.ts with the second each step starts at: the captions are the guide's
 * steps in the reader's language, so they follow its translations. Run it again when a process's
 * screens or its guide's steps change.
 */
import './system-ffmpeg'; // first: before Playwright looks for its ffmpeg
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { apiCall, createSet, USERS } from '../e2e/support';
import helpEn from '../locales/help.en-IE.json' with { type: 'json' };
import type { ProcessVideo } from '../src/features/help/captions';
import { PROCESS_VIDEOS } from '../src/features/help/videos';
import { signIn, startDemoPortal } from './demo-portal';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'public', 'help', 'videos');
const SIZE = { width: 1280, height: 720 };
/** Time to read a step's caption before its screen moves on. */
const READ_MS = 2_500;

const { base, stop } = await startDemoPortal(8472);
const browser: Browser = await chromium.launch({ ...chromiumLaunchOptions(), slowMo: 120 });

/** A signed-in identity for the films: the identity provider's session, no sign-in on film. */
async function sessionOf(email: string) {
  const context = await browser.newContext({ baseURL: base, viewport: SIZE });
  await signIn(await context.newPage(), base, email);
  const state = await context.storageState();
  await context.close();
  return state;
}

type Film = (page: Page, step: (n: number) => Promise<void>, context: BrowserContext) => Promise<void>;

async function film(name: keyof typeof helpEn.processes, email: string, play: Film): Promise<ProcessVideo> {
  const dir = path.join(OUT, '.raw');
  const context = await browser.newContext({
    baseURL: base,
    viewport: SIZE,
    storageState: await sessionOf(email),
    recordVideo: { dir, size: SIZE },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const started = Date.now();
  await page.goto('/?l=en-IE');
  await page.getByTestId('greeting').waitFor();
  const steps: number[] = [];
  const step = async (n: number) => {
    if (n !== steps.length) throw new Error(`${name}: step ${n + 1} filmed out of order`);
    if (n > 0) await page.waitForTimeout(READ_MS);
    // The still before the video plays: its first screen.
    else await page.screenshot({ path: path.join(OUT, `${name}.jpg`), type: 'jpeg', quality: 70 });
    steps.push(Math.round((Date.now() - started) / 100) / 10);
  };
  await play(page, step, context).catch(async (error: unknown) => {
    await page.screenshot({ path: path.join(OUT, `${name}-failed.png`) });
    throw error;
  });
  await page.waitForTimeout(READ_MS * 1.5);
  const expected = helpEn.processes[name].steps.split('\n').filter(Boolean).length;
  if (steps.length !== expected)
    throw new Error(`${name}: ${steps.length} steps filmed, ${expected} in the guide`);
  const duration = Math.round((Date.now() - started) / 100) / 10;
  const video = page.video()!;
  await context.close();
  renameSync(await video.path(), path.join(OUT, `${name}.webm`));
  console.log(`${name}: ${duration} s, steps at ${steps.join(', ')}`);
  videos[name] = {
    src: `/help/videos/${name}.webm`,
    poster: `/help/videos/${name}.jpg`,
    ...SIZE,
    duration,
    steps,
  };
  await save();
  return { src: `/help/videos/${name}.webm`, poster: `/help/videos/${name}.jpg`, ...SIZE, duration, steps };
}

/** Types into a field as a user does, replacing what it held (a signee taken from the customer). */
async function type(page: Page, name: string, text: string) {
  const field = page.locator(`[name="${name}"]`);
  await field.fill('');
  await field.pressSequentially(text, { delay: 60 });
}

/** A Swedish calculation saved with its customer and supplier, as a salesperson left it. */
async function savedCalculation(page: Page, customer: string, inputValue = 9_000) {
  const set = await createSet(page, customer, undefined, inputValue);
  return `/calculations/${set.calculationSetId}/${set.calculationVariantId}`;
}

/** Written after each film, so that a failing one keeps those before it. */
const save = async () => {
  const file = path.join(ROOT, 'src', 'features', 'help', 'videos.ts');
  const source = `/** Written by \`npm run help:videos\` (scripts/help-videos.ts): each process video and when each of its steps starts. */
import type { ProcessVideo } from './captions';

export const PROCESS_VIDEOS: Partial<Record<string, ProcessVideo>> = ${JSON.stringify(videos)};
`;
  writeFileSync(file, await format(source, { ...(await resolveConfig(file)), filepath: file }));
};

// `npm run help:videos -- PROCESS_2` films that one again and keeps the others.
const asked = process.argv.slice(2);
const wanted = (name: string) => !asked.length || asked.includes(name);
const videos: Record<string, ProcessVideo> = { ...(PROCESS_VIDEOS as Record<string, ProcessVideo>) };
mkdirSync(OUT, { recursive: true });
try {
  if (wanted('PROCESS_1'))
    videos.PROCESS_1 = await film('PROCESS_1', USERS.erik, async (page, step) => {
      await step(0);
      await page.getByRole('link', { name: 'Make a calculation' }).first().click();
      await step(1);
      await type(page, 'inputValue', '12500');
      await page.locator('[name="inputValue"]').blur();
      await step(2);
      await page.locator('[name="paymentFrequency"]').scrollIntoViewIfNeeded();
      await step(3);
      await page.locator('[name="generalObjectType"]').selectOption({ label: 'Laptop' });
      await page.getByTestId('result-36').waitFor();
      await step(4);
      await page.getByRole('button', { name: 'Add Customer' }).click();
      await type(page, 'search.text', 'Stockholms Kontorsmaskiner');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('button', { name: 'Select Stockholms Kontorsmaskiner AB' }).click();
      await page.getByTestId('save-customer').click();
      await page.getByTestId('customer-summary').waitFor();
      await step(5);
      await page.getByTestId('result-36').scrollIntoViewIfNeeded();
      await page.getByTestId('result-36').click();
      await page.getByTestId('save').click();
      await page.waitForURL(/\/calculations\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
      await step(6);
      await page.getByTestId('make-offer').click();
      await page.getByTestId('offer-period-48').click();
      await page.waitForTimeout(1_000);
      await page.getByRole('button', { name: 'Send to customer' }).click();
      await page.waitForURL(/\/summary-customer$/);
    });

  if (wanted('PROCESS_2'))
    videos.PROCESS_2 = await film('PROCESS_2', USERS.erik, async (page, step) => {
      const href = await savedCalculation(page, 'Bergström Kontor AB');
      await step(0);
      const search = page.getByRole('searchbox', { name: 'Quick search' });
      await search.pressSequentially('Bergström', { delay: 80 });
      await search.press('Enter');
      // One hit opens the calculation itself.
      await page.getByTestId('results').waitFor();
      await step(1);
      await page.getByTestId('customer-summary').scrollIntoViewIfNeeded();
      await step(2);
      await page.getByRole('link', { name: 'Documents' }).first().click();
      await page
        .getByTestId('document-input')
        .setInputFiles({ name: 'annual-report.pdf', mimeType: 'application/pdf', buffer: await tinyPdf() });
      await page.getByText('annual-report.pdf').first().waitFor();
      await step(3);
      await page.getByTestId('back-to-calculation').click();
      await page.getByTestId('request').click();
      await type(page, 'quoteNote', 'Delivery planned for next week.');
      await step(4);
      const terms = page.getByRole('checkbox', { name: /terms and conditions/i });
      if (await terms.count()) await terms.check({ force: true });
      await page.getByTestId('send-request').click();
      await page.waitForURL(/\/summary-grenke$/);
      await step(5);
      await page.getByTestId('summary-state').getByText('Ready to sign').waitFor({ timeout: 60_000 });
      await step(6);
      await page.goto(`${href}/contract-details`);
      await page.getByTestId('print-contract').waitFor();
    });

  if (wanted('PROCESS_3'))
    videos.PROCESS_3 = await film('PROCESS_3', USERS.erik, async (page, step) => {
      const href = await savedCalculation(page, 'Lindqvist Bygg AB');
      const api = `/api${href.replace('/calculations/', '/calculationSets/').replace(/\/([0-9a-f-]{36})$/, '/calculationVariant/$1')}`;
      await apiCall(page, 'PUT', `${api}/toGrenke`, { sendRequest: true });
      for (
        let i = 0;
        i < 60 && (await apiCall(page, 'GET', api)).json.properties.state !== 'readyToSign';
        i++
      )
        await page.waitForTimeout(500);
      await step(0);
      await page.goto(`${href}/contract-details`);
      await page.getByTestId('print-contract').waitFor();
      await step(1);
      await page.goto(href);
      await page.getByTestId('general-object').scrollIntoViewIfNeeded();
      await step(2);
      await page.goto(`${href}/contract-details`);
      await page.getByRole('radio', { name: 'E-signature' }).check({ force: true });
      await step(3);
      await type(page, 'customerContractSignees.0.firstName', 'Karin');
      await type(page, 'customerContractSignees.0.lastName', 'Lindqvist');
      await type(page, 'customerContractSignees.0.email', 'karin@lindqvist-bygg.example');
      await type(page, 'customerContractSignees.0.mobileNumber', '+46701234501');
      await step(4);
      const partner = page.locator('[name="partnerContractSignees.0.firstName"]');
      if (await partner.count()) {
        await type(page, 'partnerContractSignees.0.firstName', 'Erik');
        await type(page, 'partnerContractSignees.0.lastName', 'Berg');
        await type(page, 'partnerContractSignees.0.email', 'erik.berg@nordic-office.example');
        await type(page, 'partnerContractSignees.0.mobileNumber', '+46709876501');
      }
      await step(5);
      await page.getByTestId('start-esignature').click();
      await page
        .getByTestId('signing-state')
        .getByText('Awaiting customer signature')
        .waitFor({ timeout: 60_000 });
      await step(6);
      await page.getByTestId('esignature-status').scrollIntoViewIfNeeded();
      await step(7);
    });

  if (wanted('PROCESS_4'))
    videos.PROCESS_4 = await film('PROCESS_4', USERS.erik, async (page, step) => {
      await step(0);
      await page.getByRole('link', { name: 'Manage contracts' }).first().click();
      await page
        .getByRole('searchbox', { name: 'Search contracts' })
        .pressSequentially('fjällbuss', { delay: 80 });
      await step(1);
      await page.getByRole('link', { name: '752-0000103' }).click();
      await page.getByTestId('contract-state').waitFor();
      await step(2);
      await page.getByRole('link', { name: 'Redemption offer' }).click();
      await step(3);
      await page.getByTestId('redemption-total').waitFor();
      await page
        .getByLabel('Statement')
        .pressSequentially('The contract can be redeemed early.', { delay: 50 });
      await page.getByRole('button', { name: 'Send redemption offer' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Send the redemption offer?' });
      await confirm.getByRole('button', { name: 'Send redemption offer' }).click();
      await step(4);
      await page.waitForURL(/\/contracts\/752-0000103$/);
      await step(5);
    });
} finally {
  await browser.close();
  rmSync(path.join(OUT, '.raw'), { recursive: true, force: true });
  stop();
}

/** A one-page PDF to upload, as a customer's annual report would be. */
async function tinyPdf(): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Annual report 2025', { x: 72, y: 770, size: 18 });
  return Buffer.from(await doc.save());
}
