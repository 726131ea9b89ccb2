import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';
import { PDFDocument } from 'pdf-lib';
import { translate } from '../../i18n';
import { demoApplicant, demoSupplier } from '../../demo/applicants';
import { extractText } from '../../integrations/pdf/pdf-text';

describe('terms acceptance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  const profile = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: '/api/userprofiles/myprofiles', headers: auth })).json().properties;

  it('a user who has not accepted sees it in the profile; accepting the terms of use sets only those', async () => {
    const auth = { authorization: `Bearer ${await t.token(DEMO.sofia)}` };
    expect(await profile(auth)).toMatchObject({
      hasTermsOfUseAccepted: false,
      hasTermsAndConditionsAccepted: false,
      isTnCAcceptanceNecessary: true,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/accepttermsofuse', headers: auth })).statusCode,
    ).toBe(204);
    expect(await profile(auth)).toMatchObject({
      hasTermsOfUseAccepted: true,
      hasTermsAndConditionsAccepted: false,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/acceptall', headers: auth })).statusCode,
    ).toBe(204);
    expect(await profile(auth)).toMatchObject({
      hasTermsOfUseAccepted: true,
      hasTermsAndConditionsAccepted: true,
    });
  });
});

describe('terms and conditions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('POST TermsAndConditions accepts the terms and conditions alone, and a request may then go', async () => {
    const auth = { authorization: `Bearer ${await t.token(DEMO.sofia)}` };
    await t.app.inject({ method: 'POST', url: '/api/user/accepttermsofuse', headers: auth });
    const profile = async () =>
      (await t.app.inject({ url: '/api/userprofiles/myprofiles', headers: auth })).json().properties;
    expect(await profile()).toMatchObject({ hasTermsAndConditionsAccepted: false });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/calculationSets',
      headers: auth,
      payload: {
        calculationVariant: {
          conditionListId: 'SE-NOS-VA-C3',
          productId: 'SE-NOS-VA',
          navBasedCalculation: true,
          inputValue: 9_000,
          periodInMonths: 36,
          generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
        },
        applicant: demoApplicant('Villkorsbolaget AB', 'SE'),
        supplier: demoSupplier('SE'),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { calculationSetId, calculationVariantId } = created.json().properties;
    const request = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/calculationSets/${calculationSetId}/calculationVariant/${calculationVariantId}/toGrenke`,
        headers: auth,
        payload: { sendRequest: true },
      });
    const refused = await request();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKeys).toEqual(['termsNotAccepted']);

    const res = await t.app.inject({ method: 'POST', url: '/api/TermsAndConditions', headers: auth });
    expect(res.statusCode).toBe(204);
    expect(await profile()).toMatchObject({
      hasTermsOfUseAccepted: true,
      hasTermsAndConditionsAccepted: true,
    });
    const sent = await request();
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it("downloads them as a PDF in the asked language, else the caller's, with the text the portal shows", async () => {
    const auth = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const download = async (query: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        url: `/api/TermsAndConditions/download${query}`,
        headers: { ...auth, ...headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().properties as {
        content: string;
        fileName: string;
        fileFormat: string;
        languageCode: string;
      };
    };
    const german = await download('?languageCode=de-DE');
    expect(german).toMatchObject({
      fileFormat: 'pdf',
      languageCode: 'de-DE',
      fileName: expect.stringMatching(/\.pdf$/),
    });
    const bytes = Buffer.from(german.content, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe(translate('de-DE', 'terms.termsAndConditions'));
    // The clauses are on the page as the portal shows them.
    const text = (await extractText(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain(translate('de-DE', 'terms.termsAndConditionsText').split('\n')[0]!.slice(3, 60));

    const swedish = await download('', { 'accept-language': 'sv-SE,sv;q=0.9' });
    expect(swedish.languageCode).toBe('sv-SE');
    expect(swedish.content).not.toBe(german.content);
    // The same edition gives the same bytes.
    expect((await download('?languageCode=de-DE')).content).toBe(german.content);

    const unknown = await t.app.inject({
      url: '/api/TermsAndConditions/download?languageCode=xx-XX',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/TermsAndConditions/download' })).statusCode).toBe(401);
  });
});

describe.each(DB_KINDS)('until the terms of use are accepted (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** The session's own calls: what the portal needs to show who is signed in and the terms. */
  const SESSION = [
    'GET /api/userprofiles/myprofiles',
    'GET /api/user/myUsers',
    'POST /api/logging/ui',
    'POST /api/user/acceptall',
    'POST /api/user/accepttermsofuse',
    'POST /api/TermsAndConditions',
    'GET /api/TermsAndConditions/download',
  ];

  it("answers every call but the session's own with termsNotAccepted, and everything once accepted", async () => {
    const auth = { authorization: `Bearer ${await t.token(DEMO.sofia)}` };
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, { security?: unknown[] }>
    >;
    const calls = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls).toEqual(expect.arrayContaining(SESSION));
    // Without a token: the configuration, the health and readiness checks, the signing service's
    // messages, and the customer's offer page (its link's token is the only key).
    const open = new Set([
      'GET /api/config',
      'GET /api/health',
      'GET /api/ready',
      'POST /api/esignature/connect',
      'GET /api/public/offers/{token}',
      'GET /api/public/offers/{token}/pdf',
      'GET /api/public/offers/{token}/logo',
      'POST /api/public/offers/{token}/accept',
      'POST /api/public/offers/{token}/decline',
    ]);
    const gated = calls.filter((c) => !SESSION.includes(c) && !open.has(c));
    expect(gated.length).toBeGreaterThan(50);
    for (const call of gated) {
      const [method, path] = call.split(' ') as ['GET', string];
      // Any address of the route: the refusal comes before its parameters are looked at.
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({
        method,
        url,
        headers: auth,
        payload: method === 'GET' ? undefined : {},
      });
      expect({ call, status: res.statusCode, keys: res.json().errorKeys }).toEqual({
        call,
        status: 403,
        keys: ['termsNotAccepted'],
      });
    }
    expect((await t.app.inject({ url: '/api/calculationView', headers: auth })).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/user/accepttermsofuse', headers: auth });
    const view = await t.app.inject({ url: '/api/calculationView', headers: auth });
    expect(view.statusCode, view.body).toBe(200);
  });
});
