import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant } from '../demo/applicants';
import { approvedCalculation, stateUntil } from '../test/fixtures';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../test/harness';

/**
 * The mixed-id matrix: every call that names a calculation set and a variant (in its path, query
 * or body), made with the caller's own set and another partner's variant, answers 404 and
 * changes nothing of the other partner's. The routes are read from the OpenAPI document, so a
 * new route with both ids fails here until it has its row.
 */
interface Row {
  url: (own: string, foreign: string) => string;
  body?: (foreign: string) => unknown;
}

const variant = (own: string, foreign: string) => `/api/calculationSets/${own}/calculationVariant/${foreign}`;
const signee = (firstName: string, email: string, mobileNumber: string) => ({
  firstName,
  lastName: 'Test',
  email,
  mobileNumber,
  signingOrder: 1,
});

/** One row per route, keyed as the OpenAPI document names it. */
const ROWS: Record<string, Row> = {
  'GET /api/calculationSets/{setId}/calculationVariant/{variantId}': { url: variant },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}': {
    url: variant,
    body: () => ({
      calculationVariant: {
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: 9000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
    }),
  },
  'DELETE /api/calculationSets/{setId}/calculationVariant/{variantId}': { url: variant },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/applicant': {
    url: (o, f) => `${variant(o, f)}/applicant?companyCountryISO=SE`,
    body: () => demoApplicant('Mixed Ids AB', 'SE'),
  },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/object-list': {
    url: (o, f) => `${variant(o, f)}/object-list`,
    body: () => ({ financingObjects: [] }),
  },
  'POST /api/calculationSets/{setId}/calculationVariant': {
    url: (o) => `/api/calculationSets/${o}/calculationVariant`,
    body: (f) => ({ copyOf: f }),
  },
  'GET /api/calculationView': {
    url: (o, f) => `/api/calculationView?calculationSetId=${o}&calculationVariantId=${f}`,
  },
  'PUT /api/calculationSets/{setId}/offer': {
    url: (o, f) => `/api/calculationSets/${o}/offer?calculationVariantId=${f}&periods=36&makeOffer=true`,
    body: () => ({ nonBindingQuoteNote: '' }),
  },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/toGrenke': {
    url: (o, f) => `${variant(o, f)}/toGrenke`,
    body: () => ({ quoteNote: 'mixed', sendRequest: true }),
  },
  'POST /api/calculationSets/{setId}/calculationVariant/{variantId}/offer-links': {
    url: (o, f) => `${variant(o, f)}/offer-links`,
    body: () => ({ email: 'mixed@kund.example', periods: [36] }),
  },
  'GET /api/calculationSets/{setId}/calculationVariant/{variantId}/offer-links': {
    url: (o, f) => `${variant(o, f)}/offer-links`,
  },
  'POST /api/calculationSets/{setId}/calculationVariant/{variantId}/offer-links/{linkId}/withdraw': {
    url: (o, f) => `${variant(o, f)}/offer-links/00000000-0000-4000-8000-000000000000/withdraw`,
  },
  'POST /api/calculationSets/{setId}/calculationVariant/{variantId}/cancel': {
    url: (o, f) => `${variant(o, f)}/cancel`,
  },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/special-case-condition': {
    url: (o, f) => `${variant(o, f)}/special-case-condition`,
    body: () => ({ text: 'A lower rate, please' }),
  },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/paperContract': {
    url: (o, f) => `${variant(o, f)}/paperContract`,
  },
  'POST /api/calculationSets/{setId}/calculationVariant/{variantId}/contract-start': {
    url: (o, f) => `${variant(o, f)}/contract-start`,
  },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/Esignature': {
    url: (o, f) => `${variant(o, f)}/Esignature`,
    body: () => ({
      customerContractSignees: [signee('Mia', 'mia@kund.example', '+46701112233')],
      partnerContractSignees: [signee('Erik', 'erik@partner.example', '+46709998877')],
    }),
  },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/Esignature/cancel': {
    url: (o, f) => `${variant(o, f)}/Esignature/cancel`,
  },
  'GET /api/digitalsignature/econtract/otp': {
    url: (o, f) => `/api/digitalsignature/econtract/otp?calculationSetId=${o}&calculationVariantId=${f}`,
  },
  'POST /api/calculationSets/{setId}/calculationVariant/{variantId}/bankid/start': {
    url: (o, f) => `${variant(o, f)}/bankid/start`,
    body: () => ({
      customerContractSignees: [
        { firstName: 'Mia', lastName: 'Test', email: 'mia@kund.example', personalNumber: '198112289874' },
      ],
      withDeliveryConfirmation: false,
    }),
  },
  'GET /api/calculationSets/{setId}/calculationVariant/{variantId}/bankid/status': {
    url: (o, f) => `${variant(o, f)}/bankid/status`,
  },
  'PUT /api/calculationSets/{setId}/calculationVariant/{variantId}/bankid/cancel': {
    url: (o, f) => `${variant(o, f)}/bankid/cancel`,
  },
};

/** Routes of the OpenAPI document that take a set and a variant (or a variant beside a set). */
function routesWithBothIds(doc: {
  paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
}): string[] {
  const found: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const names = new Set((op.parameters ?? []).map((p) => p.name));
      const body = JSON.stringify(op.requestBody ?? {});
      const setNamed = names.has('setId') || names.has('calculationSetId');
      const variantNamed =
        names.has('variantId') ||
        names.has('calculationVariantId') ||
        /"(calculationVariantId|copyOf)"/.test(body);
      if (setNamed && variantNamed) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found.sort();
}

describe.each(DB_KINDS)('mixed ids: an own set with another partner’s variant (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let own: { setId: string; variantId: string };
  let foreign: { setId: string; variantId: string };

  /** What the other partner would notice of their variant. */
  const victimState = async () =>
    t.db.query(
      `select v.state, v.version, v.payload::text as payload, s.applicant::text as applicant,
              (select count(*)::int from calculation_variants x where x.calculation_set_id = s.id) as variants,
              (select count(*)::int from documents d where d.calculation_set_id = s.id) as documents,
              (select count(*)::int from credit_requests r where r.calculation_variant_id = v.id) as requests,
              (select json_agg(p.status || ':' || e.status order by p.created_at)::text
                 from esignature_processes p join esign_sim_envelopes e on e.id = p.envelope_id
                where p.calculation_variant_id = v.id) as signing,
              (select count(*)::int from jobs) as jobs
         from calculation_variants v join calculation_sets s on s.id = v.calculation_set_id
        where v.id = $1`,
      [foreign.variantId],
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    own = await approvedCalculation(t, erik, `Eigen ${kind} AB`);
    foreign = await approvedCalculation(t, lukas, `Fremd ${kind} GmbH`, 9_000, 'DE');
    // The other partner's customer is signing: the codes and the envelope are what a thief wants.
    const started = await t.app.inject({
      method: 'PUT',
      url: `${variant(foreign.setId, foreign.variantId)}/Esignature`,
      headers: lukas,
      payload: { customerContractSignees: [signee('Jana', `jana.${kind}@kunde.example`, '+49151234567')] },
    });
    expect(started.statusCode, started.body).toBe(200);
    const href = variant(foreign.setId, foreign.variantId);
    expect(await stateUntil(t, lukas, href, 'awaitingCustomerSignature')).toBe('awaitingCustomerSignature');
  });
  afterAll(() => t.close());

  it('every route with both ids has its row', () => {
    const doc = t.app.swagger() as unknown as Parameters<typeof routesWithBothIds>[0];
    expect(routesWithBothIds(doc)).toEqual(Object.keys(ROWS).sort());
  });

  it.each(Object.entries(ROWS))('%s answers 404 and changes nothing', async (_route, row) => {
    const [method, path] = _route.split(' ') as ['GET' | 'PUT' | 'POST' | 'DELETE', string];
    expect(path).toBeTruthy();
    const before = await victimState();
    const res = await t.app.inject({
      method,
      url: row.url(own.setId, foreign.variantId),
      headers: erik,
      payload: row.body?.(foreign.variantId) as object | undefined,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain('Jana');
    // Jobs run after the answer (a voided envelope, a decision): give them their moment.
    await new Promise((r) => setTimeout(r, 300));
    expect(await victimState()).toEqual(before);
  });
});
