import { expect, type Page } from '@playwright/test';
import { demoApplicant, demoSupplier } from '../src/server/demo/applicants';
import { DEMO_PASSWORD } from '../src/server/demo/world';

export const USERS = {
  anna: 'anna.lind@nordic-office.example',
  erik: 'erik.berg@nordic-office.example',
  jonas: 'jonas.koch@rheinland-buero.example',
  lukas: 'lukas.weber@rheinland-buero.example',
} as const;

/** Signs in through the real sign-in page of the identity provider and waits for the shell. */
export async function signIn(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/sign-in\//);
  await page.getByLabel(/e-mail|e-post/i).fill(email);
  await page.getByLabel(/password|passwort|lösenord/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in|anmelden|logga in/i }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

/** Waits until the persisted query cache holds a query whose key contains these parts. */
export async function persisted(page: Page, ...parts: string[]): Promise<void> {
  const needle = parts.map((p) => JSON.stringify(p)).join(',');
  await expect
    .poll(() => page.evaluate((n) => Object.values(localStorage).some((v) => v.includes(n)), needle), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** Calls the API with the page's own token (as another device or the test's setup would). */
export async function apiCall<T = { properties: Record<string, unknown> }>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as T };
    },
    { method, path, body },
  );
}

interface Saved {
  properties: {
    calculationSetId: string;
    calculationVariantId: string;
    currencyCode: string;
    calculationResults: { periodInMonths: number; totalInstallmentAmount: number }[];
  };
}

/** A saved Swedish calculation of 9,000 with a complete customer (changed by `change`) and supplier. */
export async function createSet(
  page: Page,
  customer: string,
  change: (c: ReturnType<typeof demoApplicant>) => void = () => {},
  inputValue = 9000,
) {
  const applicant = demoApplicant(customer, 'SE');
  change(applicant);
  const created = await apiCall<Saved>(page, 'POST', '/api/calculationSets', {
    calculationVariant: {
      name: 'Showroom',
      conditionListId: 'SE-NOS-VA-C3',
      productId: 'SE-NOS-VA',
      navBasedCalculation: true,
      inputValue,
      periodInMonths: 36,
      generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
    },
    applicant,
    supplier: demoSupplier('SE'),
  });
  expect(created.status).toBe(201);
  return created.json.properties;
}
