import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, createSet, demoPriceList, persisted, signIn, USERS } from '../e2e/support';
import { TIMEOUT } from '../e2e/timeouts';
import { HUNG_DOMAIN } from './relay';

/**
 * The main journeys through nginx and two server copies on one PostgreSQL (cluster.ts). Every
 * request may land on either copy; nothing a copy keeps in memory may matter. The last journey
 * kills a copy half-way and finishes on the other.
 */
test.describe.configure({ mode: 'serial' });

const PERSONAL_NUMBER = '198001012387';
const stamp = () => Date.now().toString(36).slice(-5);
const variantHref = (set: { calculationSetId: string; calculationVariantId: string }) =>
  `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;

/** A saved calculation with an instant approval: ready to sign. */
async function readyToSign(page: Page, customer: string) {
  const set = await createSet(page, customer);
  await apiCall(page, 'PUT', `${variantHref(set)}/toGrenke`, { sendRequest: true });
  await expect
    .poll(async () => (await apiCall(page, 'GET', variantHref(set))).json.properties.state)
    .toBe('readyToSign');
  return set;
}

/** Starts a BankID signing for the customer on the contract details page. */
async function startBankId(page: Page, set: { calculationSetId: string; calculationVariantId: string }) {
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}/contract-details`);
  await page.getByRole('radio', { name: 'BankID' }).check({ force: true });
  const form = page.getByTestId('bankid-form');
  await form.locator('[name="customerContractSignees.0.firstName"]').fill('Karin');
  await form.locator('[name="customerContractSignees.0.lastName"]').fill('Lindqvist');
  await form.locator('[name="customerContractSignees.0.email"]').fill(`karin.${stamp()}@kund.example`);
  await form.locator('[name="customerContractSignees.0.personalNumber"]').fill(PERSONAL_NUMBER);
  await page.getByTestId('bankid-start').click();
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting customer signature');
}

/** Opens the simulated BankID app from the portal's link and signs. */
async function signInApp(context: BrowserContext, page: Page, expectText: string) {
  const link = page.getByTestId('bankid-open-app');
  await expect(link).toBeVisible();
  const [app] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(app.locator('#user-visible-data')).toContainText(expectText);
  await app.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Signed' })).toBeVisible();
  await app.close();
}

/**
 * Opens the newest signing mail of an address at the relay (relay.ts) and signs: its `nth`,
 * waited for, since a mail reaches the relay when its job has sent it.
 */
async function signFromMailbox(browser: Browser, email: string, accessCode?: string, nth = 1) {
  const page = await browser.newPage();
  const mails = page.getByRole('link', { name: /^Please sign:/ });
  await expect
    .poll(
      async () => {
        await page.goto(`${process.env.RELAY_URL}/?to=${encodeURIComponent(email)}`);
        return mails.count();
      },
      { timeout: TIMEOUT.action },
    )
    .toBeGreaterThanOrEqual(nth);
  await mails.first().click();
  await page.locator('a[data-signing-link]').click();
  if (accessCode) await page.getByLabel('Access code').fill(accessCode);
  await page.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByRole('heading', { name: 'Signed' })).toBeVisible();
  await page.close();
}

test('sign-in, a calculation changed in the editor is saved and listed', async ({ page }) => {
  await signIn(page, USERS.erik);
  const customer = `Klusterkund ${stamp()} AB`;
  const set = await createSet(page, customer);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await page.locator('[name="inputValue"]').fill('12345');
  await page.getByTestId('save').click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.goto(`/calculations?searchText=${encodeURIComponent(customer)}`);
  const row = page.getByRole('row').filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('12,345.00');
});

test('a request is decided and the decision shows in the open app without a reload', async ({ page }) => {
  await signIn(page, USERS.erik);
  const set = await createSet(page, `Beslutskund ${stamp()} AB`);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('results')).toBeVisible();
  await page.getByTestId('request').click();
  await page.getByTestId('send-request').click();
  await page.waitForURL(/\/summary-grenke$/);
  await expect(page.getByTestId('summary-state')).toHaveText('Ready to sign');
});

test('a hung mail relay delays no credit decision on either copy', async ({ page }) => {
  await signIn(page, USERS.erik);
  // Four offers mailed to customers whose mail hangs at the relay: every mail worker of both
  // copies (two each) is then stuck in a send.
  for (let k = 0; k < 4; k++) {
    const set = await createSet(page, `Hängkund ${k} ${stamp()} AB`, (c) => {
      c.email = `inkop.${k}.${stamp()}@${HUNG_DOMAIN}`;
    });
    const offer = await apiCall(
      page,
      'PUT',
      `/api/calculationSets/${set.calculationSetId}/offer?calculationVariantId=${set.calculationVariantId}&periods=36&makeOffer=true`,
      {},
    );
    expect(offer.status).toBe(200);
  }
  const hungSends = async () =>
    ((await (await fetch(`${process.env.RELAY_URL}/hung`)).json()) as { open: number }).open;
  await expect.poll(hungSends, { timeout: TIMEOUT.action }).toBe(4);

  const set = await readyToSign(page, `Beslut trots hängande post ${stamp()} AB`);
  // Decided while all four sends still hang (each lets go only after 30 s of silence).
  expect(await hungSends()).toBe(4);
  expect((await apiCall(page, 'GET', variantHref(set))).json.properties.state).toBe('readyToSign');
  await fetch(`${process.env.RELAY_URL}/release`, { method: 'POST' });
});

test('an e-signature reaches application received', async ({ page, browser }) => {
  await signIn(page, USERS.erik);
  const set = await readyToSign(page, `E-kunden ${stamp()} AB`);
  const signee = `signe.${stamp()}@kund.example`;
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}/contract-details`);
  await page.getByRole('radio', { name: 'E-signature' }).check({ force: true });
  const fill = async (prefix: string, first: string, email: string, mobile: string) => {
    await page.locator(`[name="${prefix}.firstName"]`).fill(first);
    await page.locator(`[name="${prefix}.lastName"]`).fill('Test');
    await page.locator(`[name="${prefix}.email"]`).fill(email);
    await page.locator(`[name="${prefix}.mobileNumber"]`).fill(mobile);
  };
  await fill('customerContractSignees.0', 'Signe', signee, '+46701234577');
  await fill('partnerContractSignees.0', 'Erik', `partner.${signee}`, '+46709876577');
  await page.getByTestId('start-esignature').click();
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting customer signature');
  const codes = (
    await apiCall<{ signees: { role: string; accessCode: string }[] }>(
      page,
      'GET',
      `/api/digitalsignature/econtract/otp?calculationSetId=${set.calculationSetId}&calculationVariantId=${set.calculationVariantId}`,
    )
  ).json.signees;
  const code = (role: string) => codes.find((c) => c.role === role)!.accessCode;

  await signFromMailbox(browser, signee, code('customer'));
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting partner signature');
  await signFromMailbox(browser, `partner.${signee}`);
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting delivery confirmation');
  await signFromMailbox(browser, signee, code('delivery'), 2);
  await expect(page.getByTestId('signing-state')).toHaveText('Application received');
});

test('a BankID signing reaches application received', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, USERS.erik);
  const set = await readyToSign(page, `BankID-kunden ${stamp()} AB`);
  await startBankId(page, set);
  await signInApp(context, page, 'Leasingavtal');
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting delivery confirmation');
  await signInApp(context, page, 'Leveransgodkännande');
  await expect(page.getByTestId('signing-state')).toHaveText('Application received');
  await context.close();
});

test('an edit saved offline is replayed once the connection returns', async ({ page, context }) => {
  await signIn(page, USERS.erik);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const set = await createSet(page, `Offlinekund ${stamp()} AB`);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('results')).toBeVisible();
  await persisted(page, 'calculations', 'view', set.calculationSetId, set.calculationVariantId);

  await context.setOffline(true);
  await page.locator('[name="name"]').fill('Edited on the road');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: TIMEOUT.replay });
  expect((await apiCall(page, 'GET', variantHref(set))).json.properties).toMatchObject({
    name: 'Edited on the road',
  });
});

test('a price list loaded through one copy is offered by both at once, its old version kept for saved work', async ({
  browser,
}) => {
  const provider = await browser.newPage();
  await signIn(provider, USERS.peter);
  const lukas = await browser.newPage();
  await signIn(lukas, USERS.lukas);
  const brands = (
    await apiCall<{ properties: { availableBrands: { name: string; userProfileId: string }[] } }>(
      lukas,
      'GET',
      '/api/userprofiles/myprofiles',
    )
  ).json.properties.availableBrands;
  // DE-RIT, the brand no other journey calculates in.
  const profile = brands.find((b) => b.name === 'Rheinland IT-Miete')!.userProfileId;
  const offered = async () =>
    (
      await apiCall<{ properties: { conditionLists: { id: string }[] } }>(
        lukas,
        'GET',
        `/api/calculationView?userprofileId=${profile}`,
      )
    ).json.properties.conditionLists.map((l) => l.id);
  // Both copies have read the brand's lists now (every request may land on either).
  for (let i = 0; i < 4; i++) expect(await offered()).toContain('DE-RIT-MK-C0');

  const load = await apiCall<{ properties: { brands: { conditionLists: { changed: number } }[] } }>(
    provider,
    'PUT',
    '/api/provider/data',
    demoPriceList('DE-RIT', 'it', 'EUR', (lists) => {
      lists.find((l) => l.id === 'DE-RIT-MK-C0')!.handlingFee = { allowed: true, amount: 45 };
    }),
  );
  expect(load.status).toBe(200);
  expect(load.json.properties.brands[0]!.conditionLists.changed).toBe(1);
  // The copy that loaded drops the brand at once, the other when the load's NOTIFY arrives:
  // within moments, never a minute later.
  await expect.poll(offered, { timeout: TIMEOUT.serverWork }).not.toContain('DE-RIT-MK-C0');
  for (let i = 0; i < 4; i++)
    expect((await offered()).some((id) => id.startsWith('DE-RIT-MK-C0~'))).toBe(true);
  await provider.close();
  await lukas.close();
});

test('a copy killed mid-journey: the signing finishes on the other, its events included', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, USERS.erik);
  const set = await readyToSign(page, `Avbrottskund ${stamp()} AB`);
  await startBankId(page, set);
  await signInApp(context, page, 'Leasingavtal');
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting delivery confirmation');

  // Without warning: no graceful close, its open event stream simply breaks.
  const [victim] = process.env.CLUSTER_PIDS!.split(',').map(Number);
  process.kill(victim!, 'SIGKILL');

  await signInApp(context, page, 'Leveransgodkännande');
  await expect(page.getByTestId('signing-state')).toHaveText('Application received');
  // A new sign-in and a decision shown live, all on the copy that is left.
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByTestId('greeting')).toBeVisible();
  const next = await createSet(other, `Efter avbrottet ${stamp()} AB`);
  await other.goto(`/calculations/${next.calculationSetId}/${next.calculationVariantId}`);
  await other.getByTestId('request').click();
  await other.getByTestId('send-request').click();
  await other.waitForURL(/\/summary-grenke$/);
  await expect(other.getByTestId('summary-state')).toHaveText('Ready to sign');
  await context.close();
});
