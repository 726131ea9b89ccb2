import { expect, type Browser } from '@playwright/test';
import { test } from './axe';
import { apiCall, createSet, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

/** Opens the newest signing mail of an address in the demo mailbox and signs. */
async function signFromMailbox(browser: Browser, email: string, accessCode?: string, nth = 0) {
  const page = await browser.newPage();
  await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  await page
    .getByRole('link', { name: /^Please sign:/ })
    .nth(nth)
    .click();
  await page.locator('a[data-signing-link]').click();
  if (accessCode) await page.getByLabel('Access code').fill(accessCode);
  await page.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByRole('heading', { name: 'Signed' })).toBeVisible();
  await page.close();
}

test('e-signature: two customer signees, then the partner, then the delivery confirmation; the check makes a contract with a redemption offer', async ({
  browser,
}) => {
  test.setTimeout(TIMEOUT.longJourney);
  const stamp = Date.now().toString(36).slice(-5);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, USERS.erik);
  const customer = `Signaturbolaget ${stamp} AB`;
  // Above the instant-decision limit: an underwriter approves, which allows a joint signature.
  const set = await createSet(page, customer, undefined, 40_000);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  const provider = await browser.newContext();
  const ulla = await provider.newPage();
  await signIn(ulla, 'ulla.berger@provider.example', '/backoffice');
  const queue = await apiCall<{
    entities: { properties: { customerName: string }; links: { href: string }[] }[];
  }>(ulla, 'GET', '/api/backoffice/requests');
  const request = queue.json.entities.find((e) => e.properties.customerName === customer)!;
  await apiCall(ulla, 'POST', `${request.links[0]!.href}/decision`, { decision: 'approve' });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');

  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}/contract-details`);
  await expect(page.getByTestId('print-contract')).toBeVisible();
  await page.getByRole('radio', { name: 'E-signature' }).check({ force: true });
  // Only the chosen method's way is offered.
  await expect(page.getByTestId('print-contract')).toHaveCount(0);
  await expect(page.getByTestId('method-text')).toContainText('by e-mail');
  await page.getByText('Joint signature (two customer signees)').click();
  const people = {
    first: `karin.${stamp}@kund.example`,
    second: `olof.${stamp}@kund.example`,
    partner: `erik.${stamp}@partner.example`,
  };
  const fill = async (prefix: string, first: string, last: string, email: string, mobile: string) => {
    await page.locator(`[name="${prefix}.firstName"]`).fill(first);
    await page.locator(`[name="${prefix}.lastName"]`).fill(last);
    await page.locator(`[name="${prefix}.email"]`).fill(email);
    await page.locator(`[name="${prefix}.mobileNumber"]`).fill(mobile);
  };
  await fill('customerContractSignees.0', 'Karin', 'Lindqvist', people.first, '+46701234501');
  // The rules of the portal specification, “Validation rules”: the same mobile for both customer signees is refused.
  await fill('customerContractSignees.1', 'Olof', 'Berg', people.second, '+46701234501');
  await fill('partnerContractSignees.0', 'Erik', 'Berg', people.partner, '+46709876501');
  await page.getByTestId('start-esignature').click();
  await expect(page.getByText("The signees' contacts must differ.")).toBeVisible();
  await page.locator('[name="customerContractSignees.1.mobileNumber"]').fill('+46701234502');
  await page.getByTestId('start-esignature').click();
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting customer signature', {
    timeout: TIMEOUT.serverWork,
  });
  // Opened again, the page shows the running method.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'E-signature' })).toBeChecked();
  await expect(page.getByTestId('esignature-status')).toBeVisible();
  await expect(page.getByTestId('print-contract')).toHaveCount(0);

  const codes = (
    await apiCall<{ signees: { name: string; role: string; accessCode: string }[] }>(
      page,
      'GET',
      `/api/digitalsignature/econtract/otp?calculationSetId=${set.calculationSetId}&calculationVariantId=${set.calculationVariantId}`,
    )
  ).json.signees;
  const code = (name: string, role = 'customer') =>
    codes.find((c) => c.name.startsWith(name) && c.role === role)!.accessCode;
  await expect(page.getByTestId('access-codes')).toContainText(code('Karin'));

  // In order: both customer signees, then the partner, then the delivery confirmation.
  await signFromMailbox(browser, people.first, code('Karin'));
  await signFromMailbox(browser, people.second, code('Olof'));
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting partner signature', {
    timeout: TIMEOUT.serverWork,
  });
  await signFromMailbox(browser, people.partner);
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting delivery confirmation', {
    timeout: TIMEOUT.serverWork,
  });
  await signFromMailbox(browser, people.first, code('Karin', 'delivery'));
  await expect(page.getByTestId('signing-state')).toHaveText('Application received', {
    timeout: TIMEOUT.serverWork,
  });
  // It ends as BankID does: a clear finish and the next step, no methods to choose any more.
  await expect(page.getByTestId('signing-finished')).toContainText(
    'Signed and the delivery confirmed: the application is with the provider.',
  );
  await expect(page.getByText('Not available yet')).toHaveCount(0);

  // The provider's check makes the contract.
  await ulla.reload();
  await ulla
    .getByTestId('application-row')
    .filter({ hasText: customer })
    .getByRole('button', { name: 'Complete: make the contract' })
    .click();
  const made = ulla.getByText(/Contract 752-\d{7} made\./);
  await expect(made).toBeVisible();
  const referenceCode = /752-\d{7}/.exec((await made.textContent())!)![0];
  await provider.close();

  // The contract in the list, and its redemption offer by e-mail with the PDF.
  await page.goto('/contracts');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill(referenceCode);
  // The search is applied (debounced, into the address) before the row is opened.
  await expect(page).toHaveURL(new RegExp(referenceCode));
  await page.getByRole('link', { name: referenceCode }).click();
  await expect(page).toHaveURL(`/contracts/${referenceCode}`);
  await page.getByRole('link', { name: 'Redemption offer' }).click();
  await page.getByLabel('Statement').fill(`Lösen för ${customer}.`);
  await page.getByRole('button', { name: 'Send redemption offer' }).click();
  // It goes to the customer at once: asked first.
  const confirm = page.getByRole('alertdialog', { name: 'Send the redemption offer?' });
  await expect(confirm).toContainText('as a PDF');
  await confirm.getByRole('button', { name: 'Send redemption offer' }).click();
  await expect(page.getByText('The redemption offer was sent.')).toBeVisible();
  const mailbox = await browser.newPage();
  await mailbox.goto(`/mailbox?to=${encodeURIComponent('info@example.com')}`);
  await mailbox
    .getByRole('link', { name: new RegExp(referenceCode) })
    .first()
    .click();
  const attachment = mailbox.locator('a[data-attachment]');
  const pdf = await mailbox.request.get((await attachment.getAttribute('href'))!);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await mailbox.close();
  await context.close();
});

test('changing the calculation during the e-signature cancels it: the signing link no longer signs', async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.erik);
  const customer = `Ändringskund ${Date.now().toString(36).slice(-5)} AB`;
  const set = await createSet(page, customer);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');
  const signee = `signe.${Date.now()}@kund.example`;
  const started = await apiCall(page, 'PUT', `${href}/Esignature`, {
    customerContractSignees: [
      { firstName: 'Signe', lastName: 'Test', email: signee, mobileNumber: '+46701234599' },
    ],
    partnerContractSignees: [
      { firstName: 'Erik', lastName: 'Berg', email: `p.${signee}`, mobileNumber: '+46709876599' },
    ],
  });
  expect(started.status).toBe(200);
  await expect
    .poll(async () => (await apiCall(page, 'GET', href)).json.properties.state)
    .toBe('awaitingCustomerSignature');

  // The partner changes the calculation: the blocking dialog, then the forced save.
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('variant-state')).toHaveText('Awaiting customer signature');
  await page.locator('[name="name"]').fill('Changed while signing');
  await page.getByTestId('save').click();
  await expect(page.getByText('This calculation cannot simply be changed')).toBeVisible();
  await page.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByTestId('variant-state')).toHaveText('Ready to sign');

  // The signee's link of the voided envelope no longer signs.
  const mailbox = await browser.newPage();
  await mailbox.goto(`/mailbox?to=${encodeURIComponent(signee)}`);
  await mailbox.getByRole('link', { name: /^Please sign:/ }).click();
  await mailbox.locator('a[data-signing-link]').click();
  await expect(mailbox.getByRole('heading', { name: 'No longer available' })).toBeVisible({
    timeout: TIMEOUT.navigation,
  });
  await mailbox.close();
});

test('a calculation changed while the form was open is refused with a way to refresh; failed access codes say so', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  const stamp = Date.now().toString(36).slice(-5);
  const set = await createSet(page, `Uppdateringskund ${stamp} AB`);
  const href = `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`;
  await apiCall(page, 'PUT', `${href}/toGrenke`, { sendRequest: true });
  await expect.poll(async () => (await apiCall(page, 'GET', href)).json.properties.state).toBe('readyToSign');

  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}/contract-details`);
  await page.getByRole('radio', { name: 'E-signature' }).check({ force: true });
  const fill = async (prefix: string, first: string, email: string, mobile: string) => {
    await page.locator(`[name="${prefix}.firstName"]`).fill(first);
    await page.locator(`[name="${prefix}.lastName"]`).fill('Test');
    await page.locator(`[name="${prefix}.email"]`).fill(email);
    await page.locator(`[name="${prefix}.mobileNumber"]`).fill(mobile);
  };
  await fill('customerContractSignees.0', 'Ulrika', `ulrika.${stamp}@kund.example`, '+46701230001');
  await fill('partnerContractSignees.0', 'Erik', `erik.${stamp}@partner.example`, '+46701230002');

  // Meanwhile, from another device, the calculation gets another name.
  const current = (
    await apiCall<{ properties: { calculationVariant: object; applicant: unknown; supplier: unknown } }>(
      page,
      'GET',
      href,
    )
  ).json.properties;
  const renamed = await apiCall(page, 'PUT', href, {
    calculationVariant: { ...current.calculationVariant, name: 'Renamed elsewhere' },
    applicant: current.applicant,
    supplier: current.supplier,
  });
  expect(renamed.status).toBe(200);

  // The access-code service fails once the signing runs.
  await page.route('**/api/digitalsignature/econtract/otp**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
  );
  await page.getByTestId('start-esignature').click();
  const refusal = page.getByTestId('esignature-refusal');
  await expect(refusal).toContainText('The calculation was changed meanwhile.');
  // A slow refresh (a busy device) and a hurried user: the start waits for the calculation as it
  // is now instead of sending the old version again.
  await page.route('**/api/calculationView?*', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.fallback();
  });
  await refusal.getByRole('button', { name: 'Refresh' }).click();
  await page.getByTestId('start-esignature').click();
  await expect(refusal).toBeHidden();
  // What was typed stays.
  await expect(page.locator('[name="customerContractSignees.0.firstName"]')).toHaveValue('Ulrika');
  await expect(page.getByTestId('signing-state')).toHaveText('Awaiting customer signature', {
    timeout: TIMEOUT.serverWork,
  });
  await expect(page.getByTestId('access-codes-failed')).toContainText('The access codes could not be loaded');

  await page.unroute('**/api/digitalsignature/econtract/otp**');
  await page.getByTestId('access-codes-failed').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('access-codes')).toContainText(/\d{6}/);
  await expect(page.getByTestId('access-codes-failed')).toHaveCount(0);
});
