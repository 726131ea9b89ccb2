import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { demoApplicant, demoSupplier } from '../src/server/demo/applicants';
import { extractText } from '../src/server/integrations/pdf/pdf-text';
import { apiCall, createSet, signIn, USERS } from './support';

/**
 * One deal as the dealer builds it: billed per quarter with a plan and a rent-free start, offered
 * in the language chosen; a special-case condition answered live; the list's row menu and what
 * keeps a request from going.
 */
const stamp = () => Date.now().toString(36).slice(-5).toUpperCase();

interface SavedVariant {
  calculationSetId: string;
  calculationVariantId: string;
  calculationResults: {
    periodInMonths: number;
    totalInstallmentAmount: number;
    monthlyTotalInstallmentAmount?: number;
    billingPeriod: string;
    schedule: { fromInstallment: number; toInstallment: number; totalInstallmentAmount: number }[];
  }[];
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(amount);
const variantOf = async (page: Page, setId: string, variantId: string) =>
  (
    await apiCall<{ properties: SavedVariant }>(
      page,
      'GET',
      `/api/calculationSets/${setId}/calculationVariant/${variantId}`,
    )
  ).json.properties;

test('billed per quarter with EasyStart and a rent-free start: every amount per quarter, the plan, an offer that keeps its choice until sent', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  const customer = `Kvartalskund ${stamp()} AB`;
  const set = await createSet(page, customer, undefined, 12_000);
  const sek = (amount: number) => money(amount, set.currencyCode);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('billing-period')).toHaveText('Instalments per month');

  await page.locator('[name="paymentFrequency"]').selectOption('quarterly');
  await page.locator('[name="paymentPlan"]').selectOption('EasyStart');
  await page.locator('[name="rentFreeMonths"]').selectOption('3');
  await expect(page.getByTestId('billing-period')).toHaveText('Instalments per quarter');
  await expect(page.getByTestId('plan-schedule')).toContainText('Payment plan');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);

  // What the screen shows is what the server saved: per quarter, what the plan makes the customer
  // pay (the first amount, then what follows; the level amount is never charged), the plan.
  const saved = await variantOf(page, set.calculationSetId, set.calculationVariantId);
  const row = saved.calculationResults.find((r) => r.periodInMonths === 36)!;
  expect(row.billingPeriod).toBe('quarter');
  const [easy, level] = row.schedule;
  expect(easy).toMatchObject({ fromInstallment: 1, toInstallment: 1 });
  const selected = page.getByTestId('result-36');
  await expect(selected.getByTestId('total')).toContainText(sek(easy!.totalInstallmentAmount));
  await expect(selected.getByTestId('total')).not.toContainText(sek(row.totalInstallmentAmount));
  await expect(selected.getByTestId('plan-then')).toHaveText(
    `for 1 quarter, then ${sek(level!.totalInstallmentAmount)} per quarter`,
  );
  await expect(selected.getByTestId('monthly-equivalent')).toHaveCount(0);
  await expect(page.getByTestId('plan-schedule')).toContainText(
    `Instalment 1: ${sek(easy!.totalInstallmentAmount)} per quarter`,
  );
  await expect(page.getByTestId('plan-schedule')).toContainText(
    `Instalments 2–${level!.toInstallment}: ${sek(level!.totalInstallmentAmount)} per quarter`,
  );

  // The offer: three periods in English, downloaded; reopened, the choice is still there.
  await page.getByTestId('make-offer').click();
  const dialog = page.getByTestId('offer-dialog');
  await expect(dialog.getByTestId('offer-period-36')).toContainText(
    `${sek(easy!.totalInstallmentAmount)} for 1 quarter, then ${sek(level!.totalInstallmentAmount)} per quarter`,
  );
  await dialog.getByTestId('offer-period-24').click();
  await dialog.getByTestId('offer-period-48').click();
  await dialog.getByTestId('offer-language').selectOption('en-IE');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  // One line of text, its spaces plain (the PDF reads a no-break space as a plain one).
  const plain = (words: string) => words.replace(/\s+/g, ' ');
  const text = plain(await extractText(await readFile(await (await download).path())));
  expect(text).toContain(customer);
  expect(text).toContain('Quarterly instalment');
  expect(text).toContain('Rent-free start');
  expect(text).toContain(
    plain(
      `${sek(easy!.totalInstallmentAmount)} for 1 quarter, then ${sek(level!.totalInstallmentAmount)} per quarter`,
    ),
  );
  expect(text).toContain(plain(`Instalment 1: ${sek(easy!.totalInstallmentAmount)}`));
  expect(text).toContain(
    plain(`Instalments 2–${level!.toInstallment}: ${sek(level!.totalInstallmentAmount)}`),
  );
  await expect(dialog).toBeHidden();

  await page.getByTestId('make-offer').click();
  for (const months of [24, 36, 48])
    await expect(dialog.getByTestId(`offer-period-${months}`).locator('input')).toBeChecked();
  await expect(dialog.getByTestId('offer-language')).toHaveValue('en-IE');
  await dialog.getByRole('button', { name: 'Send to customer' }).click();
  await page.waitForURL(/\/summary-customer$/);
  const sent = await apiCall<{ properties: { offer: { periods: number[] } } }>(
    page,
    'GET',
    `/api/calculationSets/${set.calculationSetId}/calculationVariant/${set.calculationVariantId}`,
  );
  expect(sent.json.properties.offer.periods).toEqual([]);
});

test('a special-case condition goes to the back office; the underwriter grants it and the dealer sees it at once and by mail', async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.erik);
  const customer = `Specialkund ${stamp()} AB`;
  const set = await createSet(page, customer);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await page.getByRole('button', { name: 'Request special-case condition' }).click();
  const dialog = page.getByTestId('special-case-dialog');
  await dialog.getByRole('button', { name: 'Ask for it' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.locator('[name="text"]').fill('72 months for this customer, as agreed with the branch');
  await dialog.getByRole('button', { name: 'Ask for it' }).click();
  await expect(page.getByTestId('special-case-status')).toContainText('waiting for the provider');

  const provider = await browser.newContext();
  const ulla = await provider.newPage();
  await signIn(ulla, 'ulla.berger@provider.example', '/backoffice');
  const item = ulla.getByTestId('special-case-row').filter({ hasText: customer });
  await expect(item).toContainText('72 months for this customer');
  await item.getByRole('textbox').fill('Granted: 72 months at 7.5 %.');
  await item.getByRole('button', { name: 'Grant' }).click();
  await expect(ulla.getByText('Granted: the partner is told.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await provider.close();

  // The dealer's open page hears it without a reload.
  await expect(page.getByTestId('special-case-status')).toContainText('Special-case condition granted');
  await expect(page.getByTestId('special-case-status')).toContainText('Granted: 72 months at 7.5 %.');
  const mailbox = await browser.newPage();
  await mailbox.goto(`/mailbox?to=${encodeURIComponent(USERS.erik)}`);
  await expect(mailbox.getByRole('link', { name: `Specialvillkor för ${customer}` })).toBeVisible();
  await mailbox.close();
});

test("the list's row menu offers what the state allows; a request that cannot go says why and where to fix it", async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  const customer = `Radmenykund ${stamp()} AB`;
  // No supplier and a general object nobody described: the request cannot go yet.
  const created = await apiCall<{ properties: SavedVariant }>(page, 'POST', '/api/calculationSets', {
    calculationVariant: {
      conditionListId: 'SE-NOS-VA-C3',
      productId: 'SE-NOS-VA',
      navBasedCalculation: true,
      inputValue: 9_000,
      periodInMonths: 36,
      generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: false },
    },
    applicant: demoApplicant(customer, 'SE'),
  });
  expect(created.status).toBe(201);
  const ids = created.json.properties;

  await page.goto('/calculations');
  await page.getByRole('searchbox', { name: 'Search calculations' }).fill(customer);
  await expect(page.getByTestId('calculation-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${customer}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Open',
    'Copy',
    'Offer to customer',
    'Request to provider',
    'Cancel calculation process',
  ]);
  await menu.getByRole('menuitem', { name: 'Request to provider' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/calculations/${ids.calculationSetId}/${ids.calculationVariantId}$`),
  );
  const request = page.getByTestId('request-dialog');
  await expect(request.getByTestId('request-problems')).toContainText('Add the supplier first.');
  await expect(request.getByTestId('request-problems')).toContainText(
    'Describe each object, or attach an object overview.',
  );
  await expect(request.getByTestId('send-request')).toBeDisabled();
  await request.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('object-details-needed')).toBeVisible();
  // The saved variant says so too, before any offer goes out, with a way to each fix.
  const needs = page.getByTestId('request-needs');
  await expect(needs).toContainText('Before the request to the provider');
  await expect(needs).toContainText('Add the supplier first.');
  await expect(needs.getByRole('link', { name: 'Add the supplier' })).toHaveAttribute(
    'href',
    `/calculations/${ids.calculationSetId}/${ids.calculationVariantId}/edit-supplier`,
  );

  // Declared as provided separately and with a supplier, the request goes.
  await page.getByText('An object overview is provided separately').click();
  await page.getByTestId('save').click();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  const saved = await apiCall<{ properties: Record<string, unknown> }>(
    page,
    'GET',
    `/api/calculationSets/${ids.calculationSetId}/calculationVariant/${ids.calculationVariantId}`,
  );
  const withSupplier = await apiCall(
    page,
    'PUT',
    `/api/calculationSets/${ids.calculationSetId}/calculationVariant/${ids.calculationVariantId}`,
    {
      calculationVariant: saved.json.properties.calculationVariant,
      applicant: saved.json.properties.applicant,
      supplier: demoSupplier('SE'),
    },
  );
  expect(withSupplier.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('process-bar')).toBeVisible();
  await expect(page.getByTestId('request-needs')).toHaveCount(0);
  await page.getByTestId('request').click();
  await expect(page.getByTestId('request-problems')).toHaveCount(0);
  await page.getByTestId('send-request').click();
  await page.waitForURL(/\/summary-grenke$/);
  await expect(page.getByTestId('summary-state')).toHaveText('Ready to sign');

  // Approved, the row menu leads to the contract; the request is no longer offered.
  await page.goto('/calculations');
  await page.getByRole('searchbox', { name: 'Search calculations' }).fill(customer);
  await page.getByRole('button', { name: `Actions for ${customer}` }).click();
  const approved = page.getByRole('menu');
  await expect(approved.getByRole('menuitem', { name: 'Request to provider' })).toHaveCount(0);
  await approved.getByRole('menuitem', { name: 'Contract and signing' }).click();
  await expect(page).toHaveURL(/\/contract-details$/);
});
