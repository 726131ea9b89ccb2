import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { demoApplicant, demoSupplier } from '../src/server/demo/applicants';
import { apiCall, signIn, USERS as PARTNER_USERS } from './support';
import { TIMEOUT } from './timeouts';

/** The provider's underwriter joins the partners' demo users in this journey only. */
const USERS = { ...PARTNER_USERS, ulla: 'ulla.berger@provider.example' } as const;

/**
 * Erik sends a request above the instant-decision limit (NAV 40,000), so the rules leave it to
 * an underwriter; it returns the variant's address.
 */
async function openRequest(page: Page, customerName: string): Promise<string> {
  const created = await apiCall(page, 'POST', '/api/calculationSets', {
    calculationVariant: {
      name: 'Back office',
      conditionListId: 'SE-NOS-VA-C3',
      productId: 'SE-NOS-VA',
      navBasedCalculation: true,
      inputValue: 40_000,
      periodInMonths: 36,
      generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
    },
    applicant: demoApplicant(customerName, 'SE'),
    supplier: demoSupplier('SE'),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { calculationSetId, calculationVariantId } = created.json.properties as Record<string, string>;
  const href = `/api/calculationSets/${calculationSetId}/calculationVariant/${calculationVariantId}`;
  const sent = await apiCall(page, 'PUT', `${href}/toGrenke`, {
    quoteNote: 'Long-standing customer, please hurry',
    sendRequest: true,
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  expect(sent.json.properties.state).toBe('requestToGrenke');
  return href;
}

test('an underwriter approves an open request in the back office; the calculation becomes ready to sign', async ({
  browser,
}) => {
  const customer = `Kontorshuset ${Date.now().toString(36).slice(-6)} AB`;
  const partnerContext = await browser.newContext();
  const erik = await partnerContext.newPage();
  await signIn(erik, USERS.erik);
  const href = await openRequest(erik, customer);

  // A partner's user is no underwriter: the back office explains that instead of showing requests.
  await erik.goto('/backoffice');
  await expect(erik.getByTestId('backoffice-forbidden')).toBeVisible();
  await expect(erik.getByTestId('backoffice-row')).toHaveCount(0);

  const [, , , setId, , variantId] = href.split('/');
  await erik.goto(`/calculations/${setId}/${variantId}`);
  await expect(erik.getByTestId('variant-state')).toHaveText('Request to the provider');

  const underwriterContext = await browser.newContext();
  const ulla = await underwriterContext.newPage();
  await signIn(ulla, USERS.ulla);
  await ulla.getByRole('link', { name: 'Credit requests' }).click();
  await expect(ulla).toHaveURL(/\/backoffice$/);
  await expect(ulla.getByRole('heading', { level: 1, name: 'Credit requests' })).toBeVisible();

  const row = ulla.getByTestId('backoffice-row').filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('request-age')).toContainText('min');
  await expect(row).toContainText('Nordic Office');
  await expect(row).toContainText('Request to the provider');
  await row.getByRole('link', { name: customer }).click();

  await expect(ulla).toHaveURL(/\/backoffice\/requests\/[^/]+$/);
  await expect(ulla.getByRole('heading', { level: 1, name: customer })).toBeVisible();
  await expect(ulla.getByTestId('request-customer')).toContainText('Karin Lindqvist');
  // The object by its type's name, not its id.
  await expect(ulla.getByTestId('request-objects')).toContainText('Laptop');
  await expect(ulla.getByTestId('request-objects')).not.toContainText('OT-');
  await expect(ulla.getByTestId('request-quote-note')).toContainText('Long-standing customer, please hurry');
  await expect(ulla.getByTestId('rules-proposal')).toContainText('An underwriter decides');
  await expect(ulla.getByTestId('rules-missing')).toContainText('Nothing is missing.');

  // Without a choice the form says what is wrong and sends nothing.
  await ulla.getByTestId('decision-submit').click();
  await expect(ulla.getByText('Please choose a decision.')).toBeVisible();

  // A decline needs its reason.
  await ulla.getByTestId('decision-decline').click();
  await ulla.getByTestId('decision-submit').click();
  await expect(ulla.getByLabel(/Reason for the decline/)).toBeFocused();
  await expect(ulla.getByText('This field is required.')).toBeVisible();

  await ulla.getByTestId('decision-approve').click();
  await expect(ulla.getByTestId('decision-submit')).toHaveText('Approve');
  await ulla.getByTestId('decision-submit').click();

  await expect(ulla.getByText('Decision saved: Approved')).toBeVisible();
  await expect(ulla).toHaveURL(/\/backoffice$/);
  await expect(ulla.getByTestId('backoffice-row').filter({ hasText: customer })).toHaveCount(0);

  // Erik's open calculation shows the decision without a reload.
  await expect(erik.getByTestId('variant-state')).toHaveText('Ready to sign', {
    timeout: TIMEOUT.serverWork,
  });
  expect((await apiCall(erik, 'GET', href)).json.properties.state).toBe('readyToSign');

  await underwriterContext.close();
  await partnerContext.close();
});

test('an underwriter asks for information; the partner sees what is missing and sends the request again', async ({
  browser,
}) => {
  const customer = `Infobolaget ${Date.now().toString(36).slice(-6)} AB`;
  const partnerContext = await browser.newContext();
  const erik = await partnerContext.newPage();
  await signIn(erik, USERS.erik);
  const href = await openRequest(erik, customer);
  const [, , , setId, , variantId] = href.split('/');
  await erik.goto(`/calculations/${setId}/${variantId}`);

  const underwriterContext = await browser.newContext();
  const ulla = await underwriterContext.newPage();
  await signIn(ulla, USERS.ulla, '/backoffice');
  await ulla
    .getByTestId('backoffice-row')
    .filter({ hasText: customer })
    .getByRole('link', { name: customer })
    .click();
  await ulla.getByTestId('decision-needInformation').click();
  await ulla.getByLabel('Note to the partner').fill('The latest annual report');
  await ulla.getByTestId('decision-submit').click();
  await expect(ulla).toHaveURL(/\/backoffice$/);

  await expect(erik.getByTestId('variant-state')).toHaveText('Missing information', {
    timeout: TIMEOUT.serverWork,
  });
  await expect(erik.getByTestId('missing-info')).toContainText('The latest annual report');
  await erik.getByTestId('request').click();
  await erik.locator('[name="quoteNote"]').fill('Annual report attached');
  await erik.getByTestId('send-request').click();
  await erik.waitForURL(/\/summary-grenke$/);
  await expect(erik.getByTestId('summary-state')).toHaveText('Request to the provider');

  await ulla.reload();
  await expect(ulla.getByTestId('backoffice-row').filter({ hasText: customer })).toHaveCount(1);
  await underwriterContext.close();
  await partnerContext.close();
});
