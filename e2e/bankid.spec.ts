import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './axe';
import { apiCall, createSet, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

/** A valid Swedish personal number (its check digit included; 198001012384 would fail the check). */
const PERSONAL_NUMBER = '198001012387';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** Opens the simulated BankID app from the portal's link (a new page of the context) and signs. */
async function signInApp(context: BrowserContext, page: Page, expectText: string) {
  const link = page.getByTestId('bankid-open-app');
  await expect(link).toBeVisible();
  const [app] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await app.waitForLoadState();
  await expect(app.getByRole('heading', { name: 'Sign', exact: true })).toBeVisible();
  await expect(app.locator('#user-visible-data')).toContainText(expectText);
  await expect(app.getByLabel(/Personal identity number/)).toHaveValue(PERSONAL_NUMBER);
  await app.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Signed' })).toBeVisible();
  await app.close();
}

test('BankID: the customer signs, then confirms the delivery; the portal follows to application received', async ({
  browser,
}) => {
  test.setTimeout(TIMEOUT.longJourney);
  const stamp = Date.now().toString(36).slice(-5);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, USERS.erik);
  const customer = `BankID-bolaget ${stamp} AB`;
  const set = await createSet(page, customer);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');

  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}/contract-details`);
  await page.getByRole('radio', { name: 'BankID' }).check({ force: true });
  const form = page.getByTestId('bankid-form');
  await form.locator('[name="customerContractSignees.0.firstName"]').fill('Karin');
  await form.locator('[name="customerContractSignees.0.lastName"]').fill('Lindqvist');
  await form.locator('[name="customerContractSignees.0.email"]').fill(`karin.${stamp}@kund.example`);
  // A wrong check digit is caught before anything is sent.
  await form.locator('[name="customerContractSignees.0.personalNumber"]').fill('198001012384');
  await page.getByTestId('bankid-start').click();
  await expect(page.getByText('Not a valid personal identity number')).toBeVisible();
  await form.locator('[name="customerContractSignees.0.personalNumber"]').fill(PERSONAL_NUMBER);
  await expect(page.getByTestId('bankid-delivery').locator('input')).toBeChecked();
  await page.getByTestId('bankid-start').click();

  // The running signing: the QR code changes every second, the page follows BankID's hints.
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting customer signature');
  await expect(page.getByTestId('bankid-position')).toHaveText('Signature 1 of 2');
  await expect(page.getByTestId('bankid-qr').locator('svg')).toBeVisible();
  const code = await page.getByTestId('bankid-qr-text').textContent();
  expect(code).toMatch(/^bankid\./);
  await expect(page.getByTestId('bankid-qr-text')).not.toHaveText(code!, { timeout: TIMEOUT.screen });
  await expect(page.getByTestId('bankid-hint')).toContainText('Start the BankID app');

  await signInApp(context, page, 'Leasingavtal');

  // The delivery confirmation is the next order, for the same person.
  await expect(page.getByTestId('bankid-position')).toHaveText('Delivery confirmation (2 of 2)');
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting delivery confirmation');
  await signInApp(context, page, 'Leveransgodkännande');

  await expect(page.getByTestId('signing-state')).toHaveText('Application received');
  await expect(page.getByTestId('bankid-hint')).toContainText('the application was sent to the provider');
  await expect(page.getByTestId('bankid-cancel')).toHaveCount(0);
  await context.close();
});

test('BankID: a cancelled delivery confirmation keeps the signature; the partner’s own delivery note sends the start', async ({
  browser,
}) => {
  test.setTimeout(TIMEOUT.longJourney);
  const stamp = Date.now().toString(36).slice(-5);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, USERS.erik);
  const set = await createSet(page, `Leveransnota ${stamp} AB`);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');
  await apiCall(page, 'POST', `${href}/bankid/start`, {
    customerContractSignees: [
      {
        firstName: 'Karin',
        lastName: 'Lindqvist',
        email: `karin2.${stamp}@kund.example`,
        personalNumber: PERSONAL_NUMBER,
      },
    ],
    withDeliveryConfirmation: true,
  });

  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}/contract-details`);
  await signInApp(context, page, 'Leasingavtal');
  await expect(page.getByTestId('bankid-position')).toHaveText('Delivery confirmation (2 of 2)');
  // The customer cancels the delivery confirmation in the app.
  const [app] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('bankid-open-app').click(),
  ]);
  await app.getByRole('button', { name: 'Cancel' }).click();
  await expect(app.getByRole('heading', { name: 'Cancelled' })).toBeVisible();
  await app.close();

  await expect(page.getByTestId('bankid-hint')).toContainText(
    'The delivery was not confirmed in the BankID app',
  );
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting delivery confirmation');
  const papers = page.getByTestId('signed-papers');
  await expect(papers.getByRole('heading', { name: 'Your own delivery note' })).toBeVisible();
  await page.getByTestId('send-contract-start').click();
  await expect(page.getByTestId('start-problems')).toContainText('Attach the delivery note first.');
  await papers
    .getByTestId('paper-delivery')
    .getByTestId('document-input')
    .setInputFiles({ name: 'delivery-note.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(papers.getByText('Attached', { exact: true })).toBeVisible();
  await page.getByTestId('send-contract-start').click();
  await page.waitForURL(/\/summary-sent$/);
  await expect(page.getByTestId('summary-state')).toHaveText('Application received');
  await context.close();
});
