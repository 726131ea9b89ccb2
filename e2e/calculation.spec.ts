import { expect, type Page } from '@playwright/test';
import { expectAccessible, test } from './axe';
import { TIMEOUT } from './timeouts';
import { signIn, USERS } from './support';

/** Fills a field by its name attribute (rows repeat their labels). */
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test('a TA calculation with two objects and counted services: rows, period, save, reload, edit, sum error, compare, quick search', async ({
  page,
}) => {
  // About 80 steps: 25 s on a quiet machine, 53 to 61 s at a load of 20 on two cores (the traces
  // show every step passing, only slowly), so it gets the budget of the other long journeys.
  test.setTimeout(TIMEOUT.longJourney);
  const customer = `Kopiera ${Date.now().toString(36)} AB`;
  await signIn(page, USERS.erik);
  await page.goto('/calculations/new-calculation');
  await expect(page.getByRole('heading', { name: 'New calculation' })).toBeVisible();
  // What keeps the results from showing is named as the field is labelled.
  await page.getByRole('radio', { name: 'Instalment', exact: true }).click();
  await expect(page.getByTestId('missing-inputs')).toContainText('Monthly instalment');
  await page.getByRole('radio', { name: 'Net acquisition value', exact: true }).click();
  await expect(page.getByTestId('missing-inputs')).toContainText('Net acquisition value');

  await page
    .getByLabel('Contract type')
    .selectOption({ label: 'DAS partial payout (print services with residual value)' });
  await expect(page.getByLabel('Residual value')).toBeVisible();
  await field(page, 'inputValue').fill('12000');
  await field(page, 'inputValue').blur();

  // Two specific objects replace the general one; the second defaults to what is missing.
  await expect(page.getByTestId('general-object')).toBeVisible();
  await page.getByRole('button', { name: 'Add object' }).click();
  await expect(page.getByTestId('general-object')).toHaveCount(0);
  await field(page, 'financingObjects.0.objectId').selectOption({ label: 'Copier' });
  await field(page, 'financingObjects.0.price').fill('8000');
  await field(page, 'financingObjects.0.price').blur();
  await page.getByRole('button', { name: 'Add object' }).click();
  await field(page, 'financingObjects.1.objectId').selectOption({ label: 'Multifunction printer' });
  await expect(field(page, 'financingObjects.1.price')).toHaveValue('4000');
  await field(page, 'financingObjects.0.bw.baseUseUnit').fill('2000');
  await field(page, 'financingObjects.0.bw.baseUsePrice').fill('0.01');
  await field(page, 'financingObjects.0.color.baseUseUnit').fill('500');
  await field(page, 'financingObjects.0.color.baseUsePrice').fill('0.05');
  await page.getByLabel('Recurring service fee (per month)').fill('25');
  await page.getByLabel('Service level agreement').fill('Next business day on site');

  // One row per period of the list; the counted services are in the service instalment.
  for (const n of [36, 48, 60]) await expect(page.getByTestId(`result-${n}`)).toBeVisible();
  await expect(page.getByTestId('changed-flag')).toHaveCount(0);
  const service48 = page.getByTestId('result-48').getByRole('cell').nth(2);
  await expect(service48).toContainText('70.00'); // 25 + 2000 × 0.01 + 500 × 0.05
  await page.getByTestId('result-36').click();
  await expect(page.getByTestId('result-36').getByRole('radio')).toBeChecked();
  await page.getByTestId('result-48').click();
  await expect(page.getByTestId('result-48').getByRole('radio')).toBeChecked();
  const total48 = await page.getByTestId('result-48').getByTestId('total').textContent();

  // The customer from the credit agency, its name shortened to the customer used here.
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await page.locator('[name="search.text"]').fill('Stockholms Kontorsmaskiner');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Select Stockholms Kontorsmaskiner AB' }).click();
  await expect(page.locator('[name="name"]')).toHaveValue('Stockholms Kontorsmaskiner AB');
  await page.locator('[name="name"]').fill(customer);
  await page.getByTestId('save-customer').click();
  await expect(page.getByTestId('customer-summary')).toContainText(customer);
  // The inputs made before the customer form are still there.
  await expect(page.getByTestId('result-48').getByRole('radio')).toBeChecked();

  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/calculations\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('variant-state')).toHaveText('In work');
  const url = page.url();

  await page.reload();
  await expect(page.getByTestId('customer-summary')).toContainText(customer);
  await expect(page.getByTestId('object-row')).toHaveCount(2);
  await expect(field(page, 'financingObjects.0.bw.baseUseUnit')).toHaveValue('2000');
  await expect(page.getByTestId('result-48').getByRole('radio')).toBeChecked();
  await expect(page.getByTestId('result-48').getByTestId('total')).toHaveText(total48!);

  // A NAV the objects do not add up to: the spec's text, and nothing is saved.
  await field(page, 'inputValue').fill('13000');
  await field(page, 'inputValue').blur();
  await expect(page.getByTestId('objects-error')).toHaveText(
    'The value of all objects is not equal to the Net Acquisition Value you entered!',
  );
  await expect(page.getByTestId('changed-flag')).toBeVisible();
  await page.getByTestId('save').click();
  await expect(page.getByText('Please correct the marked fields before saving.')).toBeVisible();
  await field(page, 'financingObjects.0.price').fill('9000');
  await field(page, 'financingObjects.0.price').blur();
  await expect(page.getByTestId('objects-error')).toHaveCount(0);
  await expect(page.getByTestId('changed-flag')).toHaveCount(0);
  await expect(page.getByTestId('result-48').getByTestId('total')).not.toHaveText(total48!);
  await page.getByTestId('save').click();
  await expect(page.getByText('The calculation was saved.')).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);

  // An object's details change the objects alone: only the object list is sent, and kept.
  await field(page, 'financingObjects.0.details').fill('Colour copier, 2nd floor');
  const objectList = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/object-list'));
  await page.getByTestId('save').click();
  expect((await objectList).postDataJSON()).toEqual({
    financingObjects: [
      expect.objectContaining({ details: 'Colour copier, 2nd floor' }),
      expect.objectContaining({ details: '' }),
    ],
  });
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await page.reload();
  await expect(field(page, 'financingObjects.0.details')).toHaveValue('Colour copier, 2nd floor');
  await expect(page.getByTestId('result-48').getByTestId('total')).not.toHaveText(total48!);

  // A second variant, then both side by side.
  await page.getByRole('button', { name: 'Copy variant' }).click();
  await expect(page.getByTestId('variant-tab')).toHaveCount(2);
  await expect(page).not.toHaveURL(url);
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('button', { name: 'Compare' })).toHaveAttribute('aria-expanded', 'true');
  const compare = page.getByTestId('compare-panel');
  await expect(compare.getByRole('columnheader', { name: 'Variant 1' })).toBeVisible();
  await expect(compare.getByRole('columnheader', { name: 'Variant 2' })).toBeVisible();
  await expect(compare.getByRole('row', { name: /Net acquisition value/ })).toContainText('13,000.00');
  // The lease factor: the monthly net instalment in percent of the value.
  const net = await compare
    .getByRole('row', { name: /Net instalment/ })
    .getByRole('cell')
    .nth(1)
    .textContent();
  const factor = (Number(net!.replace(/[^\d.]/g, '')) / 13000) * 100;
  await expect(
    compare
      .getByRole('row', { name: /Lease factor \(monthly\)/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(`${Number(factor.toFixed(2))} %`);

  // The quick search finds it; a single hit opens it.
  await page.goto('/');
  const search = page.getByRole('searchbox');
  await search.fill(customer.toLowerCase());
  await search.press('Enter');
  await expect(page).toHaveURL(/\/calculations\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('customer-summary')).toContainText(customer);
});

test('a calculation requested from the provider asks before a forced update', async ({ page }) => {
  await signIn(page, USERS.jonas);
  // Jonas's demo calculation was requested from the provider: saving it asks first.
  await page.goto('/calculations');
  await page
    .getByRole('link', { name: /Bäckerei Schmitz/ })
    .first()
    .click();
  await expect(page.getByTestId('locked-notice')).toBeVisible();
  await page.getByLabel('Variant name').fill('With a change');
  await page.getByTestId('save').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByTestId('variant-state')).toHaveText('In work');
});

test('a language switch with unsaved changes asks first and keeps the inputs, written the new way', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await page.goto('/calculations/new-calculation');
  await field(page, 'inputValue').fill('12000.5');
  await field(page, 'advancePaymentAmount').fill('1,000');
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await page.getByLabel('Language').selectOption('sv-SE');
  await expect(page.getByRole('heading', { name: 'Ny kalkyl' })).toBeVisible();
  expect(asked).toContain('unsaved changes');
  await expect(field(page, 'inputValue')).toHaveValue('12000,5');
  await expect(field(page, 'advancePaymentAmount')).toHaveValue('1000');
  // The provider's products by their Swedish names.
  await expect(page.locator('select[name="productId"] option:checked')).toHaveText('Finansiell leasing');
});

test.describe('notices in the calculation tiles', () => {
  // Requests of a service worker would pass the route below by.
  test.use({ serviceWorkers: 'block' });

  test('a failed calculation says so in its tile with the reference and calculates again; a long-period notice closes', async ({
    page,
  }) => {
    await signIn(page, USERS.erik);
    const calculateCall = '**/api/calculate/**';
    await page.route(calculateCall, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        headers: { 'correlation-id': 'e2e-calculate-503' },
        body: '{"status":503,"title":"Service Unavailable"}',
      }),
    );
    await page.goto('/calculations/new-calculation');
    await field(page, 'inputValue').fill('8000');
    await field(page, 'generalObjectType').selectOption({ label: 'Laptop' });
    const failed = page.getByTestId('calculation-failed');
    await expect(failed).toContainText('The results could not be calculated');
    await expect(failed).toContainText('Reference: e2e-calculate-503');
    await expectAccessible(page, 'failed calculation');

    // The same inputs once more, now answered: the notice goes, the rows come.
    await page.unroute(calculateCall);
    await failed.getByRole('button', { name: 'Calculate again' }).click();
    await expect(page.getByTestId('result-60')).toBeVisible();
    await expect(failed).toHaveCount(0);
    await expect(page.getByTestId('changed-flag')).toHaveCount(0);

    // A period above the usual one: a notice the user may close; it stays closed for that period.
    await page.getByTestId('result-60').click();
    const soft = page.getByTestId('soft-limit');
    await expect(soft).toBeVisible();
    await soft.getByRole('button', { name: 'Close' }).click();
    await expect(soft).toHaveCount(0);
    await page.getByTestId('result-48').click();
    await page.getByTestId('result-60').click();
    await expect(page.getByTestId('result-60').getByRole('radio')).toBeChecked();
    await expect(soft).toHaveCount(0);
  });

  test('a calculation refused as a whole names why: the instalment too small, or an unknown error', async ({
    page,
  }) => {
    await signIn(page, USERS.erik);
    // The error-keys answer of calculate: 'action validation' with a known key, or another title.
    let answer = { title: 'action validation', errorKeys: ['instalmentTooSmall'] };
    await page.route('**/api/calculate/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        headers: { 'correlation-id': 'e2e-calculate-400' },
        body: JSON.stringify({ type: '/problems/error-keys', status: 400, detail: 'Refused.', ...answer }),
      }),
    );
    await page.goto('/calculations/new-calculation');
    await field(page, 'generalObjectType').selectOption({ label: 'Laptop' });
    await field(page, 'inputValue').fill('8000');
    const refused = page.getByTestId('calculation-refused');
    await expect(refused).toContainText('The calculation is not possible');
    await expect(refused).toContainText('The instalment is too small');
    await expect(refused).toContainText('Reference: e2e-calculate-400');
    await expect(page.getByTestId('failed-flag')).toBeVisible();

    answer = { title: 'unknown error', errorKeys: ['rateTableMissing'] };
    await field(page, 'inputValue').fill('8100');
    await expect(refused).toContainText('An unknown error occurred');
    await expect(refused).toContainText('The calculation could not be done with these values.');
    await expectAccessible(page, 'refused calculation');
  });
});
