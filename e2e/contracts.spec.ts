import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import readXlsxFile from 'read-excel-file/node';
import { apiCall, signIn, USERS } from './support';

/**
 * Contracts: the list with the demo contracts in every contract state (their dates follow the
 * day the demo was loaded), filter, search, export, one contract and its redemption offer,
 * which reaches the customer's mailbox as a PDF.
 */
const rows = (page: Page) => page.getByTestId('contract-row');
const row = (page: Page, referenceCode: string) => rows(page).filter({ hasText: referenceCode });

test('the contract list shows the demo contracts with their states; filter, search and export narrow it', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await page.getByRole('link', { name: /Manage contracts/ }).click();
  await expect(page).toHaveURL('/contracts');
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
  // Other journeys make contracts meanwhile (numbers from 752-2000001): look at the demo ones.
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill('752-00001');
  await expect(page.getByTestId('list-count')).toHaveText('9 contracts');
  await expect(rows(page)).toHaveCount(9);
  for (const [code, state] of [
    ['752-0000102', 'Running'],
    ['752-0000103', 'Expiring soon'],
    ['752-0000104', 'Prolonged'],
    ['752-0000105', 'Cancelled with end date'],
    ['752-0000106', 'Paid'],
    ['752-0000107', 'Application settled'],
    ['752-0000109', 'Unknown'],
  ] as const)
    await expect(row(page, code), code).toContainText(state);
  await expect(row(page, '752-0000108')).toContainText('Luleå Fiskhall HB');

  // The sidebar leads here too.
  await expect(page.getByRole('link', { name: 'Contracts', exact: true })).toHaveAttribute(
    'href',
    '/contracts',
  );

  // A state of the filter, kept in the address.
  await page.getByTestId('state-filter').click();
  await page.getByRole('menuitemcheckbox', { name: 'Expiring soon' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/states=expiringSoon/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Kiruna Fjällbuss AB');
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await page.getByTestId('state-filter').click();
  await page.getByRole('menuitem', { name: 'All states' }).click();
  await expect(rows(page)).toHaveCount(9);

  // Search by a part of the sublessee's name and by the contract number.
  const search = page.getByRole('searchbox', { name: 'Search contracts' });
  await search.fill('fiskhall');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('752-0000108');
  await search.fill('0000106');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Visby Hamnkrog AB');
  await search.fill('nothing like this');
  await expect(page.getByTestId('list-empty')).toContainText('No contracts match your search or filter.');
  await page.getByRole('button', { name: 'Clear search and filter' }).click();
  await search.fill('752-00001');
  await expect(rows(page)).toHaveCount(9);

  // Sorting by a column header.
  await page.getByRole('button', { name: 'Contract number' }).click();
  await expect(rows(page).first()).toContainText('752-0000101');

  // The spreadsheet of the list.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^contracts-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect((await readXlsxFile(await file.path()))[0]!.data).toHaveLength(10);
});

test('a redemption offer goes to the customer as a PDF and returns to the contract', async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.erik);
  await page.goto('/contracts');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill('fjällbuss');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('link', { name: '752-0000103' }).click();
  await expect(page).toHaveURL('/contracts/752-0000103');
  await expect(page.getByRole('heading', { name: 'Contract 752-0000103', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Kiruna Fjällbuss AB – Contract 752-0000103 – Partner Portal');
  await expect(page.getByTestId('contract-state')).toHaveText('Expiring soon');
  await expect(page.getByTestId('contract-number')).toHaveText('752-0000103');
  await expect(page.getByTestId('contract-facts')).toContainText('Kiruna Fjällbuss AB');

  await page.getByRole('link', { name: 'Redemption offer' }).click();
  await expect(page).toHaveURL('/contracts/752-0000103/redemption-offer');
  await expect(page.getByRole('heading', { name: 'Redemption offer', level: 1 })).toBeVisible();
  // A Swedish contract is in kronor.
  await expect(page.getByTestId('redemption-total')).toHaveText(/SEK/);
  await expect(page.getByTestId('redemption-valid-until')).toContainText('Valid until');
  await expect(page.getByTestId('redemption-amount')).toContainText('Redemption fee');
  await page.getByLabel('Statement').fill('Vi bekräftar att avtalet kan lösas i förtid.');
  await page.getByRole('button', { name: 'Send redemption offer' }).click();
  // It goes to the customer at once: asked first.
  const confirm = page.getByRole('alertdialog', { name: 'Send the redemption offer?' });
  await expect(confirm).toContainText('as a PDF');
  await confirm.getByRole('button', { name: 'Send redemption offer' }).click();

  await expect(page).toHaveURL('/contracts/752-0000103');
  await expect(page.getByText('The redemption offer was sent.')).toBeVisible();
  await expect(page.getByTestId('contract-term')).toContainText('Last redemption offer');

  // The customer's mailbox: the mail and its PDF.
  const mailbox = await browser.newPage();
  await mailbox.goto(`/mailbox?to=${encodeURIComponent('ekonomi@kiruna-fjallbuss-ab.example')}`);
  await mailbox.getByRole('link', { name: 'Lösenoffert för ditt leasingavtal 752-0000103' }).click();
  await expect(mailbox.getByText('Vi bekräftar att avtalet kan lösas i förtid.')).toBeVisible();
  const attachment = mailbox.locator('a[data-attachment]');
  await expect(attachment).toHaveText(/^redemption-offer-752-0000103-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await mailbox.request.get((await attachment.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await mailbox.close();
});

test('a contract that is not the caller’s is not found; a paid one offers no redemption', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await page.goto('/contracts/276-0000201');
  await expect(page.getByTestId('contract-error')).toContainText("We can't find this contract.");
  await page.goto('/contracts/752-0000106');
  await expect(page.getByTestId('contract-state')).toHaveText('Paid');
  await expect(page.getByRole('link', { name: 'Redemption offer' })).toHaveCount(0);
  // The calendar's state: nothing to ask the branch about.
  await expect(page.getByTestId('contract-provider-state')).toHaveCount(0);
});

test('a contract clicked right after typing in the search opens; the pending search does not take the user back', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await page.goto('/contracts?searchText=752-00001');
  await expect(rows(page)).toHaveCount(9);
  // Typed, and clicked before the search's answer is back. The answer is held until the click is
  // done: on a slow machine the typing pause can end before the click, and the answer would then
  // take the clicked row away (the list keeps its rows while it loads, so held is deterministic).
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/contracts?*searchText=Visby*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill('Visby');
  await row(page, '752-0000102').getByRole('link').click();
  await expect(page).toHaveURL('/contracts/752-0000102');
  answer();
  await expect(page.getByTestId('contract-state')).toHaveText('Running');
  // Past the pause: still on the contract.
  await page.waitForTimeout(600);
  await expect(page).toHaveURL('/contracts/752-0000102');
  await page.goBack();
  await expect(page).toHaveURL('/contracts?searchText=Visby');
  await expect(row(page, '752-0000106')).toContainText('Visby Hamnkrog AB');

  // Typed, and a column header clicked at once: the search and the sort both apply.
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill('752-00001');
  await page.getByRole('button', { name: 'Contract number' }).click();
  await expect(page).toHaveURL(/searchText=752-00001/);
  await expect(page).toHaveURL(/sortBy=referenceCode/);
  await expect(rows(page)).toHaveCount(9);
  await expect(rows(page).first()).toContainText('752-0000101');
});

test.describe('in a time zone behind UTC', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the quick search shows a contract’s start on the same day as the contract list', async ({ page }) => {
    await signIn(page, USERS.erik);
    await page.goto('/contracts');
    const search = page.getByRole('searchbox', { name: 'Search contracts' });
    await search.fill('752-0000102');
    await expect(rows(page)).toHaveCount(1);
    const { json } = await apiCall<{ properties: { contract: { startDate: string } } }>(
      page,
      'GET',
      '/api/contracts/752-0000102',
    );
    // The start day as the browser writes it, read as a calendar day.
    const day = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${iso}T00:00:00Z`),
        ),
      json.properties.contract.startDate.slice(0, 10),
    );
    await expect(rows(page).first()).toContainText(day);

    const quickSearch = page.getByRole('searchbox', { name: 'Quick search' });
    await quickSearch.fill('752-00001');
    await quickSearch.press('Enter');
    const hit = page
      .getByTestId('quick-search-results')
      .getByTestId('quick-search-hit')
      .filter({ hasText: '752-0000102' });
    await expect(hit).toContainText(day);
  });
});

test('a user who sees the whole brand narrows the list to one user’s contracts, kept on reload', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await page.goto('/contracts');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill('752-00001');
  await expect(page.getByTestId('list-count')).toHaveText('9 contracts');
  // Other journeys move and rename users meanwhile: the filter is checked by what it shows.
  const owner = page.getByRole('combobox', { name: 'Owner' });
  const asked = page.waitForRequest((r) => /\/api\/contracts\?.*filterUserProfileId=/.test(r.url()));
  await owner.selectOption({ label: 'Erik Berg' });
  await asked;
  await expect(page).toHaveURL(/filterUserProfileId=/);
  await expect(rows(page).filter({ hasText: '752-0000103' })).toHaveCount(1);
  await expect(rows(page).filter({ hasNotText: 'Erik Berg' })).toHaveCount(0);
  const mine = await rows(page).count();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Owner' })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(rows(page).filter({ hasText: '752-0000103' })).toHaveCount(1);
  await expect(rows(page)).toHaveCount(mine);
  await expect(rows(page).filter({ hasNotText: 'Erik Berg' })).toHaveCount(0);
  await owner.selectOption({ label: 'All users' });
  await expect(page).not.toHaveURL(/filterUserProfileId=/);
  await expect(page.getByTestId('list-count')).toHaveText('9 contracts');
});

test('the states the provider set show in the list, its filter and on the contract, which offers no redemption', async ({
  page,
}) => {
  await signIn(page, USERS.jonas);
  await page.goto('/contracts');
  await page.getByTestId('state-filter').click();
  await page.getByRole('menuitemcheckbox', { name: 'Defective' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Locked' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/states=defective.*states=locked|states=locked.*states=defective/);
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, '276-0000212')).toContainText('Defective');
  await expect(row(page, '276-0000214')).toContainText('Locked');
  await row(page, '276-0000212').getByRole('link').click();
  await expect(page.getByTestId('contract-state')).toHaveText('Defective');
  await expect(page.getByTestId('contract-provider-state')).toHaveText(
    'The provider set this state. Your branch can tell you more.',
  );
  await expect(page.getByRole('link', { name: 'Redemption offer' })).toHaveCount(0);
});
