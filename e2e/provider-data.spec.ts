import { expect, test } from '@playwright/test';
import { apiCall, createSet, demoPriceList, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

/**
 * The provider's data (docs/provider-data.md): a brand without condition lists tells its admin who
 * loads them, and the provider's administrator checks a price list through the API. The load
 * itself, its versions and its problems are covered by modules/provider-data/provider-data.test.ts;
 * the two-copy journey (e2e-cluster) loads one for real.
 */
test('a brand without condition lists says so to its admin instead of offering a calculation', async ({
  page,
}) => {
  // The provider's own brand calculates nothing: it has no lists.
  await signIn(page, USERS.peter, '/calculations/new-calculation');
  const notice = page.getByTestId('no-condition-list');
  await expect(notice).toContainText('No condition list is assigned to the selected brand');
  await expect(notice).toContainText('The provider has not loaded a price list for Credit back office yet');
  await expect(page.getByTestId('save')).toHaveCount(0);
  await page.getByRole('link', { name: 'To the calculations' }).click();
  await expect(page).toHaveURL(/\/calculations$/);
});

test('the provider’s administrator checks a price list with a dry run, which changes nothing', async ({
  page,
}) => {
  await signIn(page, USERS.peter);
  const changed = demoPriceList('DE-RIT', 'it', 'EUR', (lists) => {
    lists.find((l) => l.id === 'DE-RIT-MK-C0')!.handlingFee = { allowed: true, amount: 45 };
  });
  const dry = await apiCall<{ properties: { dryRun: boolean; brands: { conditionLists: object }[] } }>(
    page,
    'PUT',
    '/api/provider/data?dryRun=true',
    changed,
  );
  expect(dry.status).toBe(200);
  expect(dry.json.properties.dryRun).toBe(true);
  expect(dry.json.properties.brands[0]!.conditionLists).toEqual({
    added: 0,
    changed: 1,
    unchanged: 12,
    removed: 0,
  });
  // A broken file is refused whole, every problem named where it is.
  const broken = demoPriceList('DE-RIT', 'it', 'EUR', (lists) => {
    lists[0]!.defaultPeriod = 7;
  });
  const refused = await apiCall<{ problems: object[] }>(page, 'PUT', '/api/provider/data', broken);
  expect(refused.status).toBe(400);
  expect(refused.json.problems).toEqual([
    { where: 'brands.0.conditionLists.0', field: 'defaultPeriod', message: 'must be one of periods' },
  ]);
  // A partner's admin may not load the provider's data.
  const partner = await page.context().browser()!.newPage();
  await signIn(partner, USERS.lukas);
  expect((await apiCall(partner, 'PUT', '/api/provider/data?dryRun=true', changed)).status).toBe(403);
  await partner.close();
});

test('an underwriter the provider loads is invited, and cannot approve above their limit', async ({
  browser,
}) => {
  const email = `nils.${Date.now().toString(36)}@provider.example`;
  const provider = await browser.newPage();
  await signIn(provider, USERS.peter);
  const loaded = await apiCall<{ properties: { underwriters: { added: number } } }>(
    provider,
    'PUT',
    '/api/provider/data',
    {
      underwriters: [
        // The demo's underwriter stays as she is; the file names every underwriter there is.
        {
          email: 'ulla.berger@provider.example',
          firstName: 'Ulla',
          lastName: 'Berger',
          approvalLimits: { EUR: 500_000, CHF: 500_000, SEK: 5_000_000 },
        },
        { email, firstName: 'Nils', lastName: 'Nyberg', approvalLimits: { SEK: 20_000 } },
      ],
    },
  );
  expect(loaded.status).toBe(200);
  expect(loaded.json.properties.underwriters.added).toBe(1);
  await provider.close();

  const mailbox = await browser.newPage();
  await mailbox.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  await mailbox.getByRole('link', { name: 'Your access to the Partner Portal' }).click();
  await mailbox.getByRole('link', { name: 'Choose your password' }).click();
  await mailbox.getByLabel(/new password/i).fill('Kreditbeslut-i-Lund-27');
  await mailbox.getByLabel(/repeat/i).fill('Kreditbeslut-i-Lund-27');
  await mailbox.getByRole('button').click();
  await expect(mailbox.getByRole('heading', { level: 1 })).toHaveText(/password is saved/i);
  await mailbox.close();

  // A request of 30,000 kr waits for an underwriter (the brand decides up to 25,000 kr at once).
  const erik = await browser.newPage();
  await signIn(erik, USERS.erik);
  const customer = `Gränsfall ${Date.now().toString(36)} AB`;
  const set = await createSet(erik, customer, undefined, 30_000);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  expect((await apiCall(erik, 'PUT', `${href}/toGrenke`, { sendRequest: true })).status).toBe(200);
  await erik.close();

  const nils = await browser.newPage();
  await nils.goto('/backoffice');
  await nils.waitForURL(/\/sign-in\//);
  await nils.getByLabel('E-mail').fill(email);
  await nils.getByLabel('Password').fill('Kreditbeslut-i-Lund-27');
  await nils.getByRole('button', { name: 'Sign in' }).click();
  const terms = nils.getByTestId('terms-dialog');
  await expect(terms).toBeVisible({ timeout: TIMEOUT.signIn });
  await terms.getByRole('button', { name: 'Accept', exact: true }).click();
  await nils.getByRole('link', { name: 'Credit requests' }).click();
  await nils
    .getByTestId('backoffice-row')
    .filter({ hasText: customer })
    .getByRole('link', { name: customer })
    .click();
  await expect(nils.getByRole('heading', { level: 1, name: customer })).toBeVisible();
  // Both approvals are closed to him, and the form says why; asking for information is not.
  for (const kind of ['approve', 'approveWithGuarantee'])
    await expect(nils.getByTestId(`decision-${kind}`).locator('input')).toBeDisabled();
  await expect(nils.getByTestId('decision-form')).toContainText('Above your approval limit of SEK 20,000.00');
  await nils.getByTestId('decision-needInformation').click();
  await nils.getByLabel('Note to the partner').fill('The last annual accounts, please.');
  await nils.getByTestId('decision-submit').click();
  await expect(nils.getByText(/Decision saved/)).toBeVisible();
  await nils.close();
});
