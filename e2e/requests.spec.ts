import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './axe';
import { extractText } from '../src/server/integrations/pdf/pdf-text';
import { createSet, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

/**
 * From a saved calculation to 'ready to sign': the offer PDF, the request, the provider's
 * decision arriving in the open app without a reload; the decline; the terms question.
 */
const stamp = () => Date.now().toString(36).slice(-5).toUpperCase();

test('offer as PDF, offer mailed, request sent: the instant approval shows in the open app without a reload', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  const customer = `Offertkund ${stamp()} AB`;
  const set = await createSet(page, customer);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('results')).toBeVisible();

  // The PDF holds the customer and the instalments of the chosen periods, in Swedish.
  await page.getByTestId('make-offer').click();
  await page.getByTestId('offer-period-24').click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const text = await extractText(await readFile(await (await download).path()));
  expect(text).toContain(customer);
  expect(text).toContain('Offert');
  for (const months of [24, 36]) {
    const row = set.calculationResults.find((r) => r.periodInMonths === months)!;
    const instalment = new Intl.NumberFormat('sv-SE', {
      style: 'currency',
      currency: set.currencyCode,
    }).format(row.totalInstallmentAmount);
    expect(text.replace(/\s/g, '')).toContain(instalment.replace(/\s/g, ''));
  }

  await page.getByTestId('make-offer').click();
  await page.getByRole('button', { name: 'Send to customer' }).click();
  await page.waitForURL(/\/summary-customer$/);
  await expect(page.getByTestId('summary-state')).toHaveText('Offer to customer');
  await expect(page.getByTestId('summary-customer')).toContainText('info@example.com');

  await page.getByRole('link', { name: 'Back to the calculation' }).click();
  await page.getByTestId('request').click();
  await page.locator('[name="quoteNote"]').fill('Customer wants delivery next week');
  const sentAt = Date.now();
  await page.getByTestId('send-request').click();
  await page.waitForURL(/\/summary-grenke$/);
  // The decision arrives by itself, through the event stream: no reload.
  await expect(page.getByTestId('summary-state')).toHaveText('Ready to sign', {
    timeout: TIMEOUT.serverWork,
  });
  expect(Date.now() - sentAt).toBeLessThan(5_000);
  await expect(page.getByText(`Decision on ${customer}`)).toBeVisible();
});

test('a customer with the worst score is declined: the calculation says so and offers no request', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  const customer = `Riskbolaget ${stamp()} AB`;
  const set = await createSet(page, customer, (c) => (c.scoreClass = 6));
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await page.getByTestId('request').click();
  await page.getByTestId('send-request').click();
  await page.waitForURL(/\/summary-grenke$/);
  await expect(page.getByTestId('summary-state')).toHaveText('Declined', { timeout: TIMEOUT.serverWork });
  await page.getByRole('link', { name: 'Back to the calculation' }).click();
  await expect(page.getByTestId('request-status')).toContainText('The provider declined the request.');
  await expect(page.getByTestId('request')).toHaveCount(0);
  await expect(page.getByTestId('variant-state')).toHaveText('Declined');
});

test('offline the state-changing actions are disabled and say why', async ({ page, context }) => {
  await signIn(page, USERS.erik);
  const set = await createSet(page, `Offlinekund ${stamp()} AB`);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('request')).toBeEnabled();
  await context.setOffline(true);
  await expect(page.getByTestId('request')).toBeDisabled();
  await expect(page.getByTestId('make-offer')).toBeDisabled();
  await expect(page.getByTestId('process-disabled-reason')).toHaveText(
    'Offers, requests and cancellations need a connection: not available offline.',
  );
  await context.setOffline(false);
  await expect(page.getByTestId('request')).toBeEnabled();
});
