import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import readXlsxFile from 'read-excel-file/node';
import { demoApplicant } from '../src/server/demo/applicants';
import { openCalculationList, signIn, USERS } from './support';

/**
 * The calculation list (search, state filter, sort, paging, export, copy) and the header's
 * quick search, against the real API. Sets made here carry a stamp in the customer's name so
 * that the tests find their own among everything other tests create.
 */
const variant = {
  conditionListId: 'SE-NOS-VA-C3',
  productId: 'SE-NOS-VA',
  navBasedCalculation: true,
  inputValue: 10000,
  periodInMonths: 36,
  generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
};

/** Saves sets through the API with the signed-in user's token, one after the other (newest last). */
async function createSets(page: Page, names: string[]): Promise<{ calculationSetId: string }[]> {
  return page.evaluate(
    async ({ names, variant, applicant }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
      const created = [];
      for (const name of names) {
        const response = await fetch('/api/calculationSets', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ calculationVariant: variant, applicant: { ...applicant, name } }),
        });
        if (response.status !== 201) throw new Error(`create ${name}: HTTP ${response.status}`);
        created.push(((await response.json()) as { properties: { calculationSetId: string } }).properties);
      }
      return created;
    },
    { names, variant, applicant: demoApplicant('', 'SE') },
  );
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const rows = (page: Page) => page.getByTestId('calculation-row');
const listSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search calculations' });
const quickSearch = (page: Page) => page.getByRole('searchbox', { name: 'Quick search' });

test('the list shows the demo calculations with their states; a category filter narrows it', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await openCalculationList(page);
  await expect(page).toHaveURL('/calculations');
  await expect(page.getByRole('heading', { name: 'Calculations', level: 1 })).toBeVisible();
  await page.getByLabel('Per page').selectOption('50');
  for (const [customer, state] of [
    ['Malmö Tandvård AB', 'In work'],
    ['Skåne Bygg & Montage AB', 'Offer to customer'],
    ['Lunds Kaffebar HB', 'Ready to sign'],
    ['Göteborgs Trycksaker AB', 'In work'],
  ] as const)
    await expect(rows(page).filter({ hasText: customer })).toContainText(state);
  const before = await rows(page).count();

  await page.getByTestId('state-filter').click();
  await page.getByRole('menuitemcheckbox', { name: 'Approval' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('state-filter')).toContainText('Approval');
  await expect(page).toHaveURL(/states=readyToSign/);
  await expect(rows(page).filter({ hasText: 'Lunds Kaffebar HB' })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Malmö Tandvård AB' })).toHaveCount(0);
  expect(await rows(page).count()).toBeLessThan(before);
  for (const badge of await page.getByTestId('calculation-row').locator('[data-state-name]').all())
    expect([
      'requestToGrenke',
      'missingQuoteInfo',
      'readyToSign',
      'changedAfterStatement',
      'bankGuarantee',
      'interimContract',
    ]).toContain(await badge.getAttribute('data-state-name'));
});

test('sorting by customer, paging past ten, the Excel export and copying a calculation', async ({ page }) => {
  const s = stamp();
  await signIn(page, USERS.erik);
  await createSets(page, [`Zeta ${s}`, `Alpha ${s}`, `Mid ${s}`]);
  await page.goto('/calculations');
  await listSearch(page).fill(s);
  await expect(rows(page)).toHaveCount(3);
  const names = () => rows(page).getByRole('link').allInnerTexts();
  expect(await names()).toEqual([`Mid ${s}`, `Alpha ${s}`, `Zeta ${s}`]);
  await page
    .getByRole('columnheader', { name: /Customer/ })
    .getByRole('button')
    .click();
  await expect(page.getByRole('columnheader', { name: /Customer/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(names).toEqual([`Alpha ${s}`, `Mid ${s}`, `Zeta ${s}`]);
  await page
    .getByRole('columnheader', { name: /Customer/ })
    .getByRole('button')
    .click();
  await expect.poll(names).toEqual([`Zeta ${s}`, `Mid ${s}`, `Alpha ${s}`]);

  const p = stamp();
  await createSets(
    page,
    Array.from({ length: 12 }, (_, i) => `Paged ${p} ${String(i + 1).padStart(2, '0')}`),
  );
  await listSearch(page).fill(`Paged ${p}`);
  await expect(page.getByTestId('list-count')).toHaveText('12 calculations');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('page-of')).toHaveText('Page 1 of 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('page-of')).toHaveText('Page 2 of 2');
  await expect(rows(page)).toHaveCount(2);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^calculations-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = (await readXlsxFile(await download.path(), { trim: false }))[0]!.data;
  expect(sheet[0]![1]).toBe('Customer');
  const exported = sheet.map((r) => r[1]).filter((v) => typeof v === 'string' && v.startsWith(`Paged ${p}`));
  expect(exported).toHaveLength(12);
  const first = sheet.slice(1).find((r) => r[1] === `Paged ${p} 01`)!;
  expect(first[3]).toBe('In work');

  await listSearch(page).fill(`Alpha ${s}`);
  await expect(rows(page)).toHaveCount(1);
  const original = await rows(page).getByRole('link').getAttribute('href');
  await page.getByRole('button', { name: `Actions for Alpha ${s}` }).click();
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page).toHaveURL(/\/calculations\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  const copied = new URL(page.url()).pathname;
  expect(copied).not.toBe(original);
  expect(copied.split('/')[2]).toBe(original!.split('/')[2]);
});

test('the quick search: one hit opens it, several show the grouped panel, none says so', async ({ page }) => {
  const s = stamp();
  await signIn(page, USERS.erik);
  const [one] = await createSets(page, [`Quick ${s} Solo`, `Quick ${s} Duo A`, `Quick ${s} Duo B`]);

  await quickSearch(page).fill(`Quick ${s} Solo`);
  await quickSearch(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/calculations/${one!.calculationSetId}/[0-9a-f-]{36}$`));
  // The editor is another page's business: search again from the list.
  await page.goto('/calculations');

  await quickSearch(page).fill(`  Quick ${s} Duo `);
  await quickSearch(page).press('Enter');
  const panel = page.getByTestId('quick-search-results');
  await expect(panel.getByRole('heading')).toHaveText(`Search results for "Quick ${s} Duo"`);
  await expect(panel.getByRole('region', { name: 'Calculations' })).toBeVisible();
  await expect(panel.getByTestId('quick-search-hit')).toHaveCount(2);
  await expect(panel.getByTestId('quick-search-hit').first()).toContainText('In work');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(quickSearch(page)).toBeFocused();

  await quickSearch(page).press('Enter');
  await expect(panel.getByTestId('quick-search-hit')).toHaveCount(2);
  await panel.getByRole('link', { name: new RegExp(`Duo B`) }).click();
  await expect(page).toHaveURL(/\/calculations\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(panel).toBeHidden();

  await page.goto('/calculations');
  await quickSearch(page).fill(`Nothing ${s}`);
  await quickSearch(page).press('Enter');
  await expect(panel.getByTestId('quick-search-none')).toHaveText('No items found');
});

test('a read-only brand offers no new calculation; switching brand clears the quick search', async ({
  page,
}) => {
  await signIn(page, USERS.jonas);
  await page.goto('/calculations');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New calculation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export to Excel' })).toHaveCount(0);

  await quickSearch(page).fill(`Nothing ${stamp()}`);
  await quickSearch(page).press('Enter');
  await expect(page.getByTestId('quick-search-results')).toBeVisible();
  await page.getByLabel('Brand').selectOption({ label: 'Rheinland IT-Miete (read-only)' });
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('quick-search-results')).toBeHidden();

  await page.goto('/calculations');
  await expect(page.getByRole('heading', { name: 'Calculations', level: 1 })).toBeVisible();
  await expect(page.getByTestId('list-count')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New calculation' })).toHaveCount(0);
});

test.describe('failures', () => {
  // Requests of a service worker would pass the routes below by.
  test.use({ serviceWorkers: 'block' });

  test('a failed list shows its error state; a failed quick search only stops loading', async ({ page }) => {
    await signIn(page, USERS.erik);
    const problem = { status: 500, contentType: 'application/problem+json', body: '{"status":500}' };
    await page.route('**/api/calculationSets?*', (route) => route.fulfill(problem));
    await page.goto('/calculations');
    await expect(page.getByTestId('list-error')).toContainText('The calculations could not be loaded.');
    await expect(page).toHaveURL('/calculations');
    await page.unroute('**/api/calculationSets?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(rows(page).first()).toBeVisible();

    let searched = 0;
    await page.route('**/api/search/quicksearch?*', (route) => {
      searched++;
      return route.fulfill(problem);
    });
    await quickSearch(page).fill('AB');
    await quickSearch(page).press('Enter');
    await expect.poll(() => searched).toBe(1);
    await expect(quickSearch(page)).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('quick-search-results')).toHaveCount(0);
    await expect(page).toHaveURL('/calculations');
  });
});

test('a reload keeps the list’s filter and sort; the start’s language parameter goes', async ({ page }) => {
  await signIn(page, USERS.erik);
  await page.goto('/calculations?l=en-IE&states=inWork&sortBy=applicantName&sortDirection=asc');
  await expect(page).toHaveURL('/calculations?states=inWork&sortBy=applicantName&sortDirection=asc');
  await expect(page.getByTestId('state-filter')).toContainText('In work');
  await page.reload();
  await expect(page).toHaveURL('/calculations?states=inWork&sortBy=applicantName&sortDirection=asc');
  await expect(page.getByTestId('state-filter')).toContainText('In work');
});
