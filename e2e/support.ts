import { expect, type Page } from '@playwright/test';
import { QUERY_CACHE_DB, QUERY_CACHE_STORE } from '../src/client/query-storage';
import { demoApplicant, demoSupplier } from '../src/server/demo/applicants';
import { conditionListsOf, objectTypesOf } from '../src/server/demo/conditions';
import { DEMO_PASSWORD } from '../src/server/demo/world';
import { TIMEOUT } from './timeouts';

export const USERS = {
  anna: 'anna.lind@nordic-office.example',
  erik: 'erik.berg@nordic-office.example',
  jonas: 'jonas.koch@rheinland-buero.example',
  lukas: 'lukas.weber@rheinland-buero.example',
  /** The provider's administrator: loads price lists and underwriters. */
  peter: 'peter.krause@provider.example',
} as const;

/**
 * A demo brand's price list as the demo loads it, with `change` applied: what the provider's
 * administrator sends to `PUT /api/provider/data` (docs/provider-data.md).
 */
export function demoPriceList(
  brandId: string,
  branding: string,
  currencyCode: string,
  change: (lists: ReturnType<typeof conditionListsOf>) => void = () => {},
) {
  const lists = conditionListsOf(brandId, currencyCode);
  change(lists);
  return { brands: [{ brandId, objectTypeIds: objectTypesOf(branding), conditionLists: lists }] };
}

/** Signs in through the real sign-in page of the identity provider and waits for the shell. */
export async function signIn(page: Page, email: string, path = '/'): Promise<void> {
  // The journeys read English: QA has chosen it (a user who has chosen no language gets their
  // company's, src/client/i18n/i18n.ts). A choice made in the journey stays.
  await page.addInitScript(() => {
    if (localStorage.getItem('locale') === null) localStorage.setItem('locale', 'en-IE');
  });
  await page.goto(path);
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel(/e-mail|e-post/i).fill(email);
  await page.getByLabel(/password|passwort|lösenord/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in|anmelden|logga in/i }).click();
  // On a phone or tablet the greeting sits in the closed menu; terms of use not yet accepted, the
  // portal waits behind their dialog.
  const menu = page.getByRole('button', { name: /open navigation|navigation öffnen|öppna navigeringen/i });
  const terms = page.getByTestId('terms-dialog');
  await expect(page.getByTestId('greeting').or(menu).or(terms).first()).toBeVisible({
    timeout: TIMEOUT.signIn,
  });
}

/** Signed in with the service worker in control of the page, so that the app also starts offline. */
export async function signInWithServiceWorker(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * What the persisted query cache (its IndexedDB store, src/client/query-storage.ts) holds, as
 * text; empty while there is none. The benches read it too (bench/chaos-parts.ts).
 */
export function persistedCache(page: Page): Promise<string> {
  return page.evaluate(
    ({ db, store }) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open(db);
        // Not there yet: it must not be made here, without the store the app's code makes.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          // Closed at once: an open connection would hold back a deletion of the database.
          const connection = open.result;
          if (!connection.objectStoreNames.contains(store)) {
            connection.close();
            return resolve('');
          }
          const all = connection.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            connection.close();
            resolve((all.result as unknown[]).filter((v) => typeof v === 'string').join('\n'));
          };
          all.onerror = () => {
            connection.close();
            resolve('');
          };
        };
      }),
    { db: QUERY_CACHE_DB, store: QUERY_CACHE_STORE },
  );
}

/** Waits until the persisted query cache holds a query whose key contains these parts. */
export async function persisted(page: Page, ...parts: string[]): Promise<void> {
  const needle = parts.map((p) => JSON.stringify(p)).join(',');
  await expect
    .poll(async () => (await persistedCache(page)).includes(needle), { timeout: TIMEOUT.screen })
    .toBe(true);
}

/**
 * Every later load of the page starts without the persisted query cache. It goes before the app
 * starts (its opening waits for the deletion); cleared from the running page, the app's throttled
 * persisting could write it back before the reload.
 */
export async function dropQueryCacheOnLoad(page: Page): Promise<void> {
  await page.addInitScript((db) => void indexedDB.deleteDatabase(db), QUERY_CACHE_DB);
}

/** Calls the API with the page's own token (as another device or the test's setup would). */
export async function apiCall<T = { properties: Record<string, unknown> }>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as T };
    },
    { method, path, body },
  );
}

interface Saved {
  properties: {
    calculationSetId: string;
    calculationVariantId: string;
    currencyCode: string;
    calculationResults: { periodInMonths: number; totalInstallmentAmount: number }[];
  };
}

/** A saved Swedish calculation of 9,000 with a complete customer (changed by `change`) and supplier. */
export async function createSet(
  page: Page,
  customer: string,
  change: (c: ReturnType<typeof demoApplicant>) => void = () => {},
  inputValue = 9000,
) {
  const applicant = demoApplicant(customer, 'SE');
  change(applicant);
  const created = await apiCall<Saved>(page, 'POST', '/api/calculationSets', {
    calculationVariant: {
      name: 'Showroom',
      conditionListId: 'SE-NOS-VA-C3',
      productId: 'SE-NOS-VA',
      navBasedCalculation: true,
      inputValue,
      periodInMonths: 36,
      generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
    },
    applicant,
    supplier: demoSupplier('SE'),
  });
  expect(created.status).toBe(201);
  return created.json.properties;
}

/**
 * The controls and links in view that a finger could miss: smaller than 44 × 44 px (a checkbox
 * or radio counts with its label; links in running text are exempt), as "width×height name".
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls =
      'a[href], button, select, textarea, summary, input:not([type=hidden]), [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option], [role=tab]';
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right < 0 || box.bottom < 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || (el.tagName === 'A' && style.display === 'inline')) continue;
      const toggle = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      const target = (toggle && el.closest('label')) || el;
      const { width, height } = target.getBoundingClientRect();
      if (width < 43.5 || height < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        small.push(`${Math.round(width)}×${Math.round(height)} ${name}`);
      }
    }
    return small;
  });
}

/** A new calculation of a laptop for 8,000 in the editor, whose results then show. */
export async function newLaptopCalculation(page: Page): Promise<void> {
  await page.goto('/calculations/new-calculation');
  await page.locator('[name="inputValue"]').fill('8000');
  await page.locator('[name="generalObjectType"]').selectOption({ label: 'Laptop' });
}

/** Opens the calculation list through the navigation's flyout, as a user does (no page load). */
export async function openCalculationList(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Calculations', exact: true }).click();
  await page
    .getByRole('region', { name: 'Calculations' })
    .getByRole('link', { name: 'All calculations' })
    .click();
}
