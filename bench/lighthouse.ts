/**
 * Lighthouse 12 with its default (mobile) preset, simulated throttling, in the system Chromium,
 * against the built app on a fresh data directory with the demo world: the sign-in page as a
 * first visit (a signed-out visitor opening `/`), then, signed in, the dashboard, the calculation
 * list and the calculation editor (storage kept between the runs, so the session and the
 * service worker are there, as on a returning user's phone); last the customer's offer page
 * (`/o/{token}`, no account), from a link sent for the editor's variant and opened from its mail.
 * Targets: performance ≥ 95, accessibility 100, Total Blocking Time ≤ 200 ms and CLS 0 on each page.
 */
import lighthouse from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { callApi, firstEditorPath, inBuiltPortal, signIn } from './built-portal';

export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, tbtMs: 200, cls: 0 } as const;

export interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse warned about or failed on, if anything. */
  problems: string[];
}

async function audit(page: Page, url: string, name: string): Promise<PageScore> {
  const result = await lighthouse(
    url,
    {
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      logLevel: 'error',
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    page: name,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(value('largest-contentful-paint')),
    fcpMs: Math.round(value('first-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    problems: [
      ...(result.lhr.runtimeError
        ? [`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`]
        : []),
      ...result.lhr.runWarnings,
    ],
  };
}

export function benchLighthouse(): Promise<PageScore[]> {
  return inBuiltPortal(async (page, origin) => {
    const scores = [await audit(page, `${origin}/`, 'sign-in page (first visit)')];
    await signIn(page, origin);
    const editor = await firstEditorPath(page);
    scores.push(await audit(page, `${origin}/`, 'dashboard'));
    scores.push(await audit(page, `${origin}/calculations`, 'calculation list'));
    scores.push(await audit(page, `${origin}${editor}`, 'calculation editor'));
    // The customer's phone: a browser of its own, without the portal's session or service worker.
    const offer = await offerPagePath(page, origin, editor);
    const phone = await page.browser().createBrowserContext();
    scores.push(await audit(await phone.newPage(), `${origin}${offer}`, 'offer page (customer)'));
    await phone.close();
    return scores;
  });
}

interface VariantAnswer {
  properties: { calculationResults: { periodInMonths: number }[] };
  actions?: { name: string; href: string }[];
}

/** Sends the customer a link for the editor's variant and reads its address from the demo mailbox. */
async function offerPagePath(page: Page, origin: string, editor: string): Promise<string> {
  const [, setId, variantId] = /\/calculations\/([^/]+)\/([^/?]+)/.exec(editor)!;
  const variant = await callApi<VariantAnswer>(
    page,
    `calculationSets/${setId}/calculationVariant/${variantId}`,
  );
  const send = variant.actions?.find((a) => a.name === 'send-offer-link');
  if (!send) throw new Error('the first calculation offers no offer link');
  const email = `lighthouse.${Date.now()}@example.com`;
  const periods = variant.properties.calculationResults.slice(0, 3).map((r) => r.periodInMonths);
  await callApi(page, send.href, { method: 'POST', body: { email, periods } });
  await page.goto(`${origin}/mailbox?to=${encodeURIComponent(email)}`);
  await Promise.all([page.waitForNavigation(), page.locator('a[href^="/mailbox/"]').click()]);
  return page.$eval('a[href*="/o/"]', (a) => new URL(a.href).pathname);
}

if (process.argv[1]?.endsWith('lighthouse.ts')) {
  for (const s of await benchLighthouse()) console.log(s);
}
