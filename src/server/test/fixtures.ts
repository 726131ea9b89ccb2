import { expect } from 'vitest';
import { demoApplicant, demoSupplier } from '../demo/applicants';
import type { TestApp } from './harness';

/**
 * Calculations the signing tests start from: saved with a complete Swedish customer and a
 * supplier, requested, and approved — instantly, or above the instant limit by the
 * underwriter (which allows a joint signature).
 */
export const UNDERWRITER = 'ulla.berger@provider.example';

export async function stateUntil(t: TestApp, headers: Record<string, string>, href: string, state: string) {
  const current = async () =>
    (await t.app.inject({ url: href, headers })).json<{ properties: { state: string } }>().properties.state;
  for (let k = 0; k < 60 && (await current()) !== state; k++) await new Promise((r) => setTimeout(r, 100));
  return current();
}

/** The demo brand whose condition lists a country's calculations use. */
const BRAND_OF = { SE: 'SE-NOS', DE: 'DE-RBT' } as const;

/** A saved calculation of a laptop with a complete customer and a supplier; answers its address. */
export async function savedCalculation(
  t: TestApp,
  headers: Record<string, string>,
  name: string,
  nav = 9_000,
  country: keyof typeof BRAND_OF = 'SE',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/calculationSets',
    headers,
    payload: {
      calculationVariant: {
        conditionListId: `${BRAND_OF[country]}-VA-C3`,
        productId: `${BRAND_OF[country]}-VA`,
        navBasedCalculation: true,
        inputValue: nav,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
      applicant: demoApplicant(name, country),
      supplier: demoSupplier(country),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json<{ properties: { calculationSetId: string; calculationVariantId: string } }>().properties;
  return {
    ...p,
    href: `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}`,
  };
}

export async function approvedCalculation(
  t: TestApp,
  headers: Record<string, string>,
  name: string,
  nav = 9_000,
  country: keyof typeof BRAND_OF = 'SE',
) {
  const { href, calculationSetId, calculationVariantId } = await savedCalculation(
    t,
    headers,
    name,
    nav,
    country,
  );
  await t.app.inject({ method: 'PUT', url: `${href}/toGrenke`, headers, payload: { sendRequest: true } });
  if (nav > 25_000) {
    const ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
    const queue = (await t.app.inject({ url: '/api/backoffice/requests', headers: ulla })).json<{
      entities: { properties: { customerName: string }; links: { href: string }[] }[];
    }>();
    const item = queue.entities.find((e) => e.properties.customerName === name)!;
    await t.app.inject({
      method: 'POST',
      url: `${item.links[0]!.href}/decision`,
      headers: ulla,
      payload: { decision: 'approve' },
    });
  }
  expect(await stateUntil(t, headers, href, 'readyToSign')).toBe('readyToSign');
  return { href, setId: calculationSetId, variantId: calculationVariantId };
}
