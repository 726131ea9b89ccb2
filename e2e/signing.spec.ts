import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './axe';
import { extractText } from '../src/server/integrations/pdf/pdf-text';
import { demoApplicant, demoSupplier } from '../src/server/demo/applicants';
import { apiCall, createSet, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

test('paper path: print the contract, attach the signed papers, send the start; the provider check makes the contract', async ({
  browser,
}) => {
  const partner = await browser.newContext();
  const page = await partner.newPage();
  await signIn(page, USERS.erik);
  const customer = `Papperskund ${Date.now().toString(36).slice(-5)} AB`;
  const set = await createSet(page, customer);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');

  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await page.getByTestId('contract-details').click();
  await expect(page.getByRole('heading', { name: 'Contract and signing', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Paper contract' })).toBeChecked();
  // A refused print says the server's reason on this page, with the way to fix it (the server's
  // rule is checked in src/server/modules/signing; here the answer is the one it gives).
  await page.route('**/paperContract', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: '/problems/error-keys',
        title: 'action validation',
        status: 400,
        detail: 'The contract needs a customer and a supplier.',
        errorKeys: ['partiesMissing'],
      }),
    }),
  );
  await page.getByTestId('print-contract').click();
  const refusal = page.getByTestId('print-refusal');
  await expect(refusal).toContainText('The contract needs a customer and a supplier.');
  await expect(
    refusal.getByRole('link', { name: 'Add the customer and the supplier in the calculation' }),
  ).toHaveAttribute('href', `/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await page.unroute('**/paperContract');
  // While the contract is made, the page is covered and says what runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/paperContract', async (route) => {
    await held;
    await route.fallback();
  });
  const download = page.waitForEvent('download');
  await page.getByTestId('print-contract').click();
  await expect(page.getByTestId('loading-overlay')).toHaveText('Generating the contract…');
  release();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  const text = await extractText(await readFile(await (await download).path()));
  expect(text).toContain('Leasingavtal');
  expect(text).toContain(customer);
  await expect(page.getByTestId('signing-state')).toHaveText('Contract printed');
  await expect(page.getByTestId('print-refusal')).toHaveCount(0);

  // Without the signed papers the start is refused with what is missing.
  await page.getByTestId('send-contract-start').click();
  await expect(page.getByTestId('start-problems')).toContainText('Attach the signed contract first.');
  for (const paper of ['agreement', 'delivery']) {
    await page
      .getByTestId(`paper-${paper}`)
      .getByTestId('document-input')
      .setInputFiles({ name: `${paper}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByTestId(`paper-${paper}`).getByText('Attached', { exact: true })).toBeVisible();
  }
  await page.getByTestId('send-contract-start').click();
  await page.waitForURL(/\/summary-sent$/);
  await expect(page.getByTestId('summary-state')).toHaveText('Application received');

  // The provider's check, in the back office; the partner's open page follows.
  const provider = await browser.newContext();
  const ulla = await provider.newPage();
  await signIn(ulla, 'ulla.berger@provider.example', '/backoffice');
  const row = ulla.getByTestId('application-row').filter({ hasText: customer });
  await row.getByRole('button', { name: 'Complete: make the contract' }).click();
  await expect(ulla.getByText(/Contract 752-\d{7} made\./)).toBeVisible();
  await expect(page.getByTestId('summary-state')).toHaveText('Contracted', { timeout: TIMEOUT.serverWork });
  await expect(page.getByTestId('reference-code')).toHaveText(/Contract 752-\d{7}/);
  await provider.close();
  await partner.close();
});

test('a started contract keeps its figures: the editor says so, a new NAV is refused even forced, the provider books the signed one', async ({
  browser,
}) => {
  const partner = await browser.newContext();
  const page = await partner.newPage();
  await signIn(page, USERS.erik);
  const customer = `Låstkund ${Date.now().toString(36).slice(-5)} AB`;
  const set = await createSet(page, customer);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');
  expect((await apiCall(page, 'PUT', `${href}/paperContract`, {})).status).toBe(200);
  for (const documentType of ['agreement', 'delivery'])
    await apiCall(
      page,
      'POST',
      `/api/calculationSets/${set.calculationSetId}/documents/base64?documentType=${documentType}`,
      { fileName: `${documentType}.pdf`, fileContent: PDF.toString('base64') },
    );
  expect((await apiCall(page, 'POST', `${href}/contract-start`, {})).json.properties.state).toBe(
    'applicationReceived',
  );

  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  const fixed = 'The contract has been started: its figures, objects and parties can no longer change.';
  await expect(page.getByTestId('locked-notice')).toContainText(fixed);
  const nav = page.locator('[name="inputValue"]');
  await nav.fill('20000');
  await nav.blur();
  await page.getByTestId('save').click();
  // No "Save anyway": forcing would not help, so the reason comes at once.
  await expect(page.getByRole('status').filter({ hasText: fixed })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // What the editor does not offer, the server refuses too.
  const shown = (await apiCall<{ properties: Record<string, object> }>(page, 'GET', href)).json.properties;
  const forced = await apiCall<{ errorKeys: string[] }>(page, 'PUT', `${href}?forceUpdate=true`, {
    calculationVariant: { ...shown.calculationVariant, inputValue: 20000 },
    applicant: shown.applicant,
    supplier: shown.supplier,
  });
  expect(forced.json.errorKeys).toEqual(['contractLocked']);

  const provider = await browser.newContext();
  const ulla = await provider.newPage();
  await signIn(ulla, 'ulla.berger@provider.example', '/backoffice');
  const row = ulla.getByTestId('application-row').filter({ hasText: customer });
  await row.getByRole('button', { name: 'Complete: make the contract' }).click();
  const made = ulla.getByText(/Contract 752-\d{7} made\./);
  await expect(made).toBeVisible();
  const reference = /752-\d{7}/.exec((await made.textContent())!)![0];
  const contract = await apiCall<{ properties: { contract: { nav: number | string } } }>(
    page,
    'GET',
    `/api/contracts/${reference}`,
  );
  expect(Number(contract.json.properties.contract.nav)).toBe(9000);
  await provider.close();
  await partner.close();
});

test('a brand that does not sign with BankID offers paper and e-signature only', async ({ page }) => {
  await signIn(page, USERS.lukas);
  const created = await apiCall<{ properties: { calculationSetId: string; calculationVariantId: string } }>(
    page,
    'POST',
    '/api/calculationSets',
    {
      calculationVariant: {
        name: 'Ohne BankID',
        conditionListId: 'DE-RBT-VA-C3',
        productId: 'DE-RBT-VA',
        navBasedCalculation: true,
        inputValue: 9000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
      applicant: demoApplicant(`Papierkunde ${Date.now().toString(36).slice(-5)} GmbH`, 'DE'),
      supplier: demoSupplier('DE'),
    },
  );
  expect(created.status).toBe(201);
  const { calculationSetId: setId, calculationVariantId: variantId } = created.json.properties;
  const href = `/api/calculationSets/${setId}/calculationVariant/${variantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');

  await page.goto(`/calculations/${setId}/${variantId}/contract-details`);
  await expect(page.getByRole('radio', { name: 'Paper contract' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'E-signature' })).toBeEnabled();
  await expect(page.getByRole('radio', { name: 'BankID' })).toHaveCount(0);
  await expect(page.getByText('Not available yet')).toHaveCount(0);
});
