import { expect } from '@playwright/test';
import { test } from './axe';
import { newLaptopCalculation, signIn, USERS } from './support';

test('a Swedish customer from the credit agency, a missing date of birth fixed, a supplier added, the calculation saved', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await newLaptopCalculation(page);
  await expect(page.getByTestId('result-36')).toBeVisible();

  await page.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page).toHaveURL('/calculations/new-calculation/edit-customer');
  const search = page.getByRole('search', { name: 'Search the credit agency' });
  // Sweden's agency narrows names by town; no postcode or region field.
  await expect(search.getByLabel('Town')).toBeVisible();
  await expect(search.getByLabel('Postcode')).toHaveCount(0);
  await expect(search.getByLabel('Region')).toHaveCount(0);
  await search.locator('[name="search.text"]').fill('kontor');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  // Hundreds of companies match: the first 25 with the more-than-25 flag.
  await expect(page.getByTestId('limit-exceeded')).toBeVisible();
  await expect(page.getByTestId('search-results').getByRole('listitem')).toHaveCount(25);
  await search.locator('[name="search.text"]').fill('Malmö Kontorsservice');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Select Malmö Kontorsservice AB' }).click();
  await expect(page.locator('[name="name"]')).toHaveValue('Malmö Kontorsservice AB');
  // The selection is confirmed, the results fold away and the filled form comes into view.
  await expect(page.getByTestId('search-selected')).toHaveText(
    'Malmö Kontorsservice AB was taken from the credit agency. Check the details below.',
  );
  await expect(page.getByTestId('search-results')).toHaveCount(0);
  await expect(page.locator('[name="name"]')).toBeInViewport();
  await expect(page.locator('[name="name"]')).toBeFocused();

  // The agency has no date of birth for the managing director: the form says so on taking it.
  await page.getByTestId('save-customer').click();
  const birth = page.locator('[name="persons.0.dateOfBirth"]');
  await expect(page.locator('[data-field="persons.0.dateOfBirth"]')).toContainText('This field is required.');
  await birth.fill('1968-03-21');
  await expect(page.locator('[data-field="persons.0.dateOfBirth"]')).not.toContainText(
    'This field is required.',
  );
  await page.getByTestId('save-customer').click();
  await expect(page).toHaveURL('/calculations/new-calculation');
  await expect(page.getByTestId('customer-summary')).toContainText('Malmö Kontorsservice AB');
  // The calculation's inputs survived the trip to the form.
  await expect(page.locator('[name="inputValue"]')).toHaveValue('8000');

  await page.getByRole('button', { name: 'Add Supplier' }).click();
  await expect(page.getByRole('heading', { name: 'Supplier', level: 1 })).toBeVisible();
  await page.locator('[name="name"]').fill('Kontorsgrossisten i Uppsala AB');
  await page.locator('[name="address.street"]').fill('Kungsgatan 40');
  await page.locator('[name="address.zip"]').fill('753 21');
  await page.locator('[name="address.town"]').fill('Stockholm');
  await page.locator('[name="telephoneNumber.number"]').fill('018123456');
  await page.getByTestId('save-supplier').click();
  await expect(page.locator('[data-field="telephoneNumber.number"]')).toContainText('must begin with +');
  await page.locator('[name="telephoneNumber.number"]').fill('+4618123456');
  await page.getByTestId('save-supplier').click();
  await expect(page.getByTestId('supplier-summary')).toContainText('Kontorsgrossisten i Uppsala AB');

  // The server checks the postcode against the town: 753 is Uppsala.
  await page.getByTestId('save').click();
  await expect(
    page.getByText('The calculation could not be saved. Please check the marked fields.'),
  ).toBeVisible();
  await expect(page.getByTestId('supplier-summary').locator('..')).toContainText(
    'The postcode does not belong to this town.',
  );
  await page.getByRole('button', { name: 'Edit Supplier' }).click();
  await expect(page.getByRole('heading', { name: 'Supplier', level: 1 })).toBeVisible();
  // The form marks what the server refused.
  await expect(page.locator('[data-field="address.zip"]')).toContainText(
    'The postcode does not belong to this town.',
  );
  await page.locator('[name="address.town"]').fill('Uppsala');
  await page.getByTestId('save-supplier').click();
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/calculations\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  // The saved calculation's results are the server's: up to date, with nothing unsaved.
  await expect(page.getByTestId('result-36')).toBeVisible();
  await expect(page.getByTestId('changed-flag')).toHaveCount(0);
  await expect(page.getByTestId('unsaved')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('customer-summary')).toContainText('Malmö Kontorsservice AB');
  await expect(page.getByTestId('supplier-summary')).toContainText('Kontorsgrossisten i Uppsala AB');

  // The report the selection recorded is listed with its agency; above 10,000 one is required.
  const reports = page.getByTestId('credit-reports');
  await expect(reports).toContainText('Demo credit agency (simulator) · score class');
  await expect(reports).not.toContainText('This amount needs a credit-agency report');
  await page.locator('[name="inputValue"]').fill('12000');
  await expect(reports).toContainText('This amount needs a credit-agency report');
});

test('offline the credit agency cannot be searched and says why; a failed search is said on its page only', async ({
  page,
  context,
}) => {
  await signIn(page, USERS.erik);
  await page.goto('/calculations/new-calculation/edit-customer');
  const search = page.getByRole('search', { name: 'Search the credit agency' });
  // Sweden's agency narrows names by town; no postcode or region field.
  await expect(search.getByLabel('Town')).toBeVisible();
  await expect(search.getByLabel('Postcode')).toHaveCount(0);
  await expect(search.getByLabel('Region')).toHaveCount(0);
  await search.locator('[name="search.text"]').fill('kontor');
  await context.setOffline(true);
  await expect(search.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
  await expect(page.getByTestId('search-offline')).toContainText('can only be searched online');
  await context.setOffline(false);
  await expect(search.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();

  // The agency fails: the reason stays on this page, with its reference, and goes with it.
  await page.route('**/api/customers?**', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Bad gateway', status: 502 }),
    }),
  );
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-failed')).toContainText('The credit agency could not be searched.');
  await expect(page.getByTestId('search-failed')).toContainText('Reference:');
  await page.getByRole('link', { name: 'Back to the calculation' }).click();
  await expect(page).toHaveURL('/calculations/new-calculation');
  await expect(page.getByText('The credit agency could not be searched.')).toHaveCount(0);
});

test('a Canadian customer gives the bank account by transit, institution (FI) and account number', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  await newLaptopCalculation(page);
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await page.getByLabel('Country of the customer').selectOption('CA');
  // Canada has no IBAN: its account is three numbers, the branch's, the bank's and the account's.
  await expect(page.getByLabel('IBAN')).toHaveCount(0);
  const transit = page.locator('[name="bankAccount.transitNumber"]');
  await transit.fill('1234');
  await page.locator('[name="bankAccount.institutionNumber"]').fill('004');
  await page.locator('[name="bankAccount.accountNumber"]').fill('1234567');
  await page.getByTestId('save-customer').click();
  await expect(page.locator('[data-field="bankAccount.transitNumber"]')).toContainText(
    'The transit number has 5 digits',
  );
  await transit.fill('00012');
  await expect(page.locator('[data-field="bankAccount.transitNumber"]')).not.toContainText(
    'The transit number has 5 digits',
  );
  await expect(page.locator('[data-field="bankAccount.institutionNumber"]')).not.toContainText('3 digits');
});
