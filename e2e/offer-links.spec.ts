import { expect, type Browser, type Page } from '@playwright/test';
import { expectAccessible, test } from './axe';
import { createSet, signIn, USERS } from './support';
import { TIMEOUT } from './timeouts';

/**
 * The customer's offer page (docs/domain.md, "The customer's offer page"): a salesperson sends
 * the offer as a link; the customer, on a phone and without an account, opens it from the mail
 * and accepts a period; the salesperson's open editor shows the answer without a reload. The
 * same with the link sent offline.
 */
const stamp = () => Date.now().toString(36).slice(-5).toUpperCase();

async function sendLink(page: Page, email: string) {
  await page.getByTestId('send-offer-link').click();
  const dialog = page.getByTestId('offer-link-dialog');
  // Filled from the customer; this journey's own address keeps its mail apart.
  await expect(dialog.getByTestId('offer-link-email')).toHaveValue('info@example.com');
  await dialog.getByTestId('offer-link-email').fill(email);
  await dialog.getByTestId('offer-link-period-24').click();
  await dialog.getByTestId('offer-link-send').click();
}

/** The customer's phone: opens the mail's link in a context of its own (no portal session). */
async function customerOpens(browser: Browser, email: string) {
  // The demo mailbox stands in for the customer's mail program.
  const mailbox = await browser.newPage();
  await mailbox.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  await mailbox.getByRole('link', { name: /Ditt leasingerbjudande/ }).click();
  const href = await mailbox.getByRole('link', { name: 'Öppna erbjudandet:' }).getAttribute('href');
  expect(href).toMatch(/\/o\/[A-Za-z0-9_-]{43}$/);
  await mailbox.close();
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'sv-SE',
  });
  const customer = await phone.newPage();
  await customer.goto(href!);
  return { phone, customer };
}

test('a link sent to the customer, accepted on a phone: the open editor shows it without a reload', async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.erik);
  const name = `Länkkund ${stamp()} AB`;
  const email = `kund.${stamp().toLowerCase()}@example.com`;
  const set = await createSet(page, name);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('results')).toBeVisible();
  await sendLink(page, email);
  await expect(page.getByText(`The link is on its way to ${email}.`)).toBeVisible();
  await expect(page.getByTestId('offer-link-status')).toHaveAttribute('data-state', 'sent');
  await expect(page.getByTestId('variant-state')).toHaveText('Offer to customer');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const { phone, customer } = await customerOpens(browser, email);
  await expect(customer.getByRole('heading', { level: 1 })).toContainText('Offert');
  await expect(customer.getByText(name)).toBeVisible();
  await expectAccessible(customer, 'offer page');
  // The salesperson sees the link opened.
  await expect(page.getByTestId('offer-link-status')).toHaveAttribute('data-state', 'opened');

  await customer.getByRole('button', { name: 'Godta 24 månader' }).click();
  await expect(customer.getByRole('heading', { name: 'Godta erbjudandet?' })).toBeVisible();
  await expectAccessible(customer, 'offer page: confirm');
  await customer.getByRole('button', { name: 'Ja, godta' }).click();
  await expect(customer.getByText(/Du har godtagit erbjudandet för 24 månader/)).toBeVisible();
  await expect(customer.getByRole('button', { name: /Godta/ })).toHaveCount(0);
  await expectAccessible(customer, 'offer page: accepted');
  await phone.close();

  // Live: the answer, the period selected by the server, the next step offered and not taken.
  await expect(page.getByText(`${name} accepted the offer: 24 months`)).toBeVisible({
    timeout: TIMEOUT.serverWork,
  });
  await expect(page.getByTestId('offer-link-status')).toHaveAttribute('data-state', 'accepted');
  await expect(page.getByTestId('offer-link-status')).toContainText('accepted the offer for 24 months');
  await expect(page.locator('[data-testid="result-24"]:visible input[type="radio"]')).toBeChecked();
  await expect(page.getByTestId('request')).toBeEnabled();
  await expect(page.getByTestId('variant-state')).toHaveText('Offer to customer');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The start screen lists the answer.
  await page.goto('/');
  const answers = page.getByTestId('dashboard-offer-links');
  await expect(answers.getByRole('link', { name: new RegExp(name) })).toContainText('Accepted: 24 months');
});

test('a link sent offline waits in the outbox and goes out when the connection returns', async ({
  page,
  context,
  browser,
}) => {
  await signIn(page, USERS.erik);
  const name = `Offlinelänk ${stamp()} AB`;
  const email = `resa.${stamp().toLowerCase()}@example.com`;
  const set = await createSet(page, name);
  await page.goto(`/calculations/${set.calculationSetId}/${set.calculationVariantId}`);
  await expect(page.getByTestId('results')).toBeVisible();
  await context.setOffline(true);
  await sendLink(page, email);
  await expect(page.getByText(new RegExp(`the link to ${email} waits in the outbox`))).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offer-link-status')).toHaveAttribute('data-state', 'sent', {
    timeout: TIMEOUT.replay,
  });
  const { phone, customer } = await customerOpens(browser, email);
  await customer.getByRole('button', { name: 'Tacka nej till erbjudandet' }).click();
  await customer.getByLabel('Varför tackar du nej?').fill('Vi väntar till nästa budgetår.');
  await customer.getByRole('button', { name: 'Tacka nej', exact: true }).click();
  await expect(customer.getByText(/Du har tackat nej till erbjudandet/)).toBeVisible();
  await phone.close();
  await expect(page.getByTestId('offer-link-status')).toHaveAttribute('data-state', 'declined', {
    timeout: TIMEOUT.serverWork,
  });
  await expect(page.getByTestId('offer-link-reason')).toContainText('Vi väntar till nästa budgetår.');
});
