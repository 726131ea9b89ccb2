import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant, demoSupplier } from '../../demo/applicants';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';
import { extractText } from '../../integrations/pdf/pdf-text';

const UNDERWRITER = 'ulla.berger@provider.example';

describe.each(DB_KINDS)('offers, requests and decisions (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = erik) =>
    t.app.inject({ method, url, headers, payload });

  /** A set of the given NAV with a complete customer (changed by `applicant`) and supplier. */
  async function create(
    nav: number,
    applicant: (c: ReturnType<typeof demoApplicant>) => void = () => undefined,
  ) {
    const customer = demoApplicant('Testbolaget Väst AB', 'SE');
    applicant(customer);
    const res = await call('POST', '/api/calculationSets', {
      calculationVariant: {
        name: 'Request',
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: nav,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
      applicant: customer,
      supplier: demoSupplier('SE'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().properties;
    return `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}`;
  }

  const stateOf = async (href: string) => (await call('GET', href)).json().properties.state as string;
  async function settled(href: string, from = 'requestToGrenke') {
    for (let k = 0; k < 100 && (await stateOf(href)) === from; k++)
      await new Promise((r) => setTimeout(r, 100));
    return (await call('GET', href)).json().properties;
  }

  it('an instant decision approves a small request of a good customer within seconds, and mails the owner', async () => {
    const href = await create(9_000);
    const sent = await call('PUT', `${href}/toGrenke`, { quoteNote: 'Please hurry', sendRequest: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().properties.state).toBe('requestToGrenke');
    const decided = await settled(href);
    expect(decided.state).toBe('readyToSign');
    expect(decided.request).toMatchObject({ status: 'decided', decision: 'approve' });
    const [mail] = await t.db.query<{ subject: string }>(
      `select subject from mails where recipient = $1 order by created_at desc limit 1`,
      [DEMO.erik],
    );
    // In the partner's language (Swedish).
    expect(mail?.subject).toBe('Kreditbeslut för Testbolaget Väst AB');
  });

  it.each([
    ['score class 6 declines', (c: ReturnType<typeof demoApplicant>) => (c.scoreClass = 6), 'declined'],
    [
      'score class 4 needs a bank guarantee',
      (c: ReturnType<typeof demoApplicant>) => (c.scoreClass = 4),
      'bankGuarantee',
    ],
    [
      'a legal form not accepted declines',
      (c: ReturnType<typeof demoApplicant>) => (c.legalForm = 'EK'),
      'declined',
    ],
  ])('%s', async (_name, change, expected) => {
    const href = await create(9_000, change);
    expect((await call('PUT', `${href}/toGrenke`, { sendRequest: true })).statusCode).toBe(200);
    const decided = await settled(href);
    expect(decided.state).toBe(expected);
  });

  it('an underwriter asking for information names it; the partner re-sends and the request is decided again', async () => {
    const ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
    const href = await create(41_000);
    await call('PUT', `${href}/toGrenke`, { sendRequest: true });
    const queue = (await call('GET', '/api/backoffice/requests', undefined, ulla)).json();
    const requestHref = queue.entities.find(
      (e: { properties: { nav: number } }) => e.properties.nav === 41_000,
    ).links[0].href as string;
    const asked = await call(
      'POST',
      `${requestHref}/decision`,
      { decision: 'needInformation', missingInfo: ['other'], infoText: 'The latest annual report' },
      ulla,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = (await call('GET', href)).json().properties;
    expect(waiting.state).toBe('missingQuoteInfo');
    expect(waiting.request).toMatchObject({ missingInfo: ['other'], infoText: 'The latest annual report' });

    expect(
      (await call('PUT', `${href}/toGrenke`, { quoteNote: 'Report attached', sendRequest: true })).statusCode,
    ).toBe(200);
    expect(await stateOf(href)).toBe('requestToGrenke');
    const next = (await call('GET', '/api/backoffice/requests', undefined, ulla)).json();
    const again = next.entities.find((e: { properties: { nav: number } }) => e.properties.nav === 41_000);
    expect(again.links[0].href).not.toBe(requestHref);
    await call('POST', `${again.links[0].href}/decision`, { decision: 'approve' }, ulla);
    expect(await stateOf(href)).toBe('readyToSign');
  });

  it('above the instant limit the request waits for an underwriter, who alone may decide it', async () => {
    const href = await create(40_000);
    await call('PUT', `${href}/toGrenke`, { sendRequest: true });
    await new Promise((r) => setTimeout(r, 2500));
    expect(await stateOf(href)).toBe('requestToGrenke');

    const ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
    const queue = await call('GET', '/api/backoffice/requests', undefined, ulla);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue
      .json()
      .entities.find(
        (e: { properties: { nav: number; customerName: string } }) => e.properties.nav === 40_000,
      );
    expect(item.properties.customerName).toBe('Testbolaget Väst AB');
    const requestHref = item.links[0].href as string;

    expect((await call('GET', '/api/backoffice/requests', undefined, erik)).statusCode).toBe(403);
    expect((await call('POST', `${requestHref}/decision`, { decision: 'approve' }, erik)).statusCode).toBe(
      403,
    );
    const noReason = await call('POST', `${requestHref}/decision`, { decision: 'decline' }, ulla);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()['invalid-params']).toEqual([{ name: 'declineReason', reason: 'required' }]);
    const nothingMissing = await call(
      'POST',
      `${requestHref}/decision`,
      { decision: 'needInformation' },
      ulla,
    );
    expect(nothingMissing.json()['invalid-params']).toEqual([
      { name: 'missingInfo', reason: 'missingInfoRequired' },
    ]);

    const approved = await call(
      'POST',
      `${requestHref}/decision`,
      { decision: 'approveWithGuarantee' },
      ulla,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stateOf(href)).toBe('bankGuarantee');
    const again = await call('POST', `${requestHref}/decision`, { decision: 'approve' }, ulla);
    expect(again.statusCode).toBe(409);
    expect((await call('POST', `${requestHref}/guarantee-received`, undefined, ulla)).statusCode).toBe(200);
    expect(await stateOf(href)).toBe('readyToSign');
  });

  it('a request needs a customer and a supplier; the quote note alone is kept without sending', async () => {
    const res = await call('POST', '/api/calculationSets', {
      calculationVariant: {
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: 5_000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
    });
    const p = res.json().properties;
    const href = `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}`;
    const refused = await call('PUT', `${href}/toGrenke`, { sendRequest: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorKeys).toEqual(['applicantMissing', 'supplierMissing']);
    const kept = await call('PUT', `${href}/toGrenke`, { quoteNote: 'Call first', sendRequest: false });
    expect(kept.json().properties).toMatchObject({ state: 'inWork', quoteNote: 'Call first' });
  });

  it('without accepted terms and conditions the request is refused with the terms key', async () => {
    const sofia = { authorization: `Bearer ${await t.token(DEMO.sofia)}` };
    // The terms of use come first (everything else is refused before them, terms.test.ts).
    expect((await call('POST', '/api/user/accepttermsofuse', undefined, sofia)).statusCode).toBe(204);
    const res = await call(
      'POST',
      '/api/calculationSets',
      {
        calculationVariant: {
          conditionListId: 'SE-NOS-VA-C3',
          productId: 'SE-NOS-VA',
          navBasedCalculation: true,
          inputValue: 5_000,
          periodInMonths: 36,
          generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
        },
        applicant: demoApplicant('Testbolaget Väst AB', 'SE'),
        supplier: demoSupplier('SE'),
      },
      sofia,
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().properties;
    const href = `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}`;
    const refused = await call('PUT', `${href}/toGrenke`, { sendRequest: true }, sofia);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKeys).toEqual(['termsNotAccepted']);
  });

  it('the offer takes objects that add up to the NAV in cents, and refuses them a cent off', async () => {
    const href = await create(9_000);
    const [setId, , variantId] = href.split('/').slice(3);
    const objects = async (prices: [number, number][]) => {
      const items = prices.map(([price, quantity]) => ({
        objectId: 'OT-LAPTOP',
        manufacturerId: null,
        details: '',
        netPricePerItemAmount: price,
        quantity,
        serialNumber: '',
        countedServices: {},
      }));
      await t.db.query(
        `update calculation_variants set payload = jsonb_set(payload - 'generalObject', '{financingObjects}', $2::jsonb) where id = $1`,
        [variantId, JSON.stringify(items)],
      );
      return call(
        'PUT',
        `/api/calculationSets/${setId}/offer?calculationVariantId=${variantId}&periods=36`,
        {},
      );
    };
    // 8,999.70 + 3 × 0.10 is 9,000.000000000002 in floating point, and exactly 9,000.00 in cents.
    expect(
      (
        await objects([
          [8_999.7, 1],
          [0.1, 3],
        ])
      ).statusCode,
    ).toBe(200);
    const refused = await objects([
      [8_999.71, 1],
      [0.1, 3],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ type: '/problems/offer-failed', code: 7 });
  });

  it('the offer is a PDF with the customer and the instalments, kept among the generated documents and mailed on request', async () => {
    const href = await create(9_000);
    const setId = href.split('/')[3]!;
    const variantId = href.split('/')[5]!;
    const variant = (await call('GET', href)).json().properties;
    const row = variant.calculationResults.find((r: { periodInMonths: number }) => r.periodInMonths === 36);
    const offer = await call(
      'PUT',
      `/api/calculationSets/${setId}/offer?calculationVariantId=${variantId}&periods=24&periods=36&makeOffer=true`,
      { nonBindingQuoteNote: 'Valid while stock lasts' },
    );
    expect(offer.statusCode, offer.body).toBe(200);
    const { hash } = offer.json().properties;
    const details = offer.json().actions.find((a: { name: string }) => a.name === 'get-document-details');
    const file = (await call('GET', details.href)).json();
    const bytes = Buffer.from(file.contentAsBase64, 'base64');
    const text = await extractText(bytes);
    expect(text).toContain('Testbolaget Väst AB');
    expect(text).toContain('Valid while stock lasts');
    // The object type as a Swedish customer reads it (locales/names.sv-SE.json), not in English.
    expect(text).toContain('Bärbar dator');
    expect(text.replace(/\s/g, '')).toContain(
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: variant.currencyCode })
        .format(row.totalInstallmentAmount)
        .replace(/\s/g, ''),
    );
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await stateOf(href)).toBe('offerToCustomer');
    const [mail] = await t.db.query<{ attachments: unknown[] }>(
      `select attachments from mails where recipient = 'info@example.com' order by created_at desc limit 1`,
    );
    expect(mail?.attachments).toHaveLength(1);

    const tooMany = await call(
      'PUT',
      `/api/calculationSets/${setId}/offer?calculationVariantId=${variantId}&periods=99&makeOffer=false`,
      {},
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe(8);
  });

  it('the offer being made keeps its periods and language until it is sent, in a language the partner offers', async () => {
    const href = await create(9_000);
    const setId = href.split('/')[3]!;
    const variantId = href.split('/')[5]!;
    const offer = (periods: number[], makeOffer: boolean, languageCode?: string) =>
      call(
        'PUT',
        `/api/calculationSets/${setId}/offer?calculationVariantId=${variantId}&${periods.map((p) => `periods=${p}`).join('&')}&makeOffer=${makeOffer}`,
        { nonBindingQuoteNote: '', languageCode },
      );
    const chosen = () => call('GET', href).then((r) => r.json().properties.offer);
    // The Swedish customer's offer in English, as the partner chose.
    const downloaded = await offer([24, 36, 48, 60], false, 'en-IE');
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    const details = downloaded.json().actions[0].href as string;
    const text = await extractText(
      Buffer.from((await call('GET', details)).json().contentAsBase64, 'base64'),
    );
    expect(text).toContain('Offered terms');
    expect(await chosen()).toEqual({ periods: [24, 36, 48, 60], languageCode: 'en-IE' });
    // German is not among the Swedish partner's languages.
    const refused = await offer([36], false, 'de-DE');
    expect(refused.json()['invalid-params']).toEqual([
      { name: 'languageCode', reason: 'languageNotOffered' },
    ]);
    expect((await offer([24, 36, 48, 60], true, 'en-IE')).statusCode).toBe(200);
    expect(await chosen()).toEqual({ periods: [], languageCode: null });
  });

  it("writes an offer only in the languages the condition list's documents exist in", async () => {
    const href = await create(9_000);
    const setId = href.split('/')[3]!;
    const variantId = href.split('/')[5]!;
    const offer = (languageCode?: string) =>
      call(
        'PUT',
        `/api/calculationSets/${setId}/offer?calculationVariantId=${variantId}&periods=36&makeOffer=false`,
        {
          nonBindingQuoteNote: '',
          languageCode,
        },
      );
    // The provider writes this product's documents in Swedish only (as its data would say).
    await t.db.query(
      `update condition_lists set definition = jsonb_set(definition, '{languages}', '["sv-SE"]')
        where brand_id = 'SE-NOS' and id = 'SE-NOS-VA-C3'`,
    );
    try {
      expect((await offer('en-IE')).json()['invalid-params']).toEqual([
        { name: 'languageCode', reason: 'languageNotOffered' },
      ]);
      expect((await offer('sv-SE')).statusCode).toBe(200);
      expect((await call('GET', href)).json().properties.offer.languageCode).toBe('sv-SE');
    } finally {
      await t.db.query(
        `update condition_lists set definition = definition - 'languages' where brand_id = 'SE-NOS' and id = 'SE-NOS-VA-C3'`,
      );
    }
  });

  it('a special-case condition reaches the back office with its text; the answer comes back to the variant and by mail', async () => {
    const href = await create(9_000);
    const action = (await call('GET', href))
      .json()
      .actions.find((a: { name: string }) => a.name === 'request-special-case-condition');
    expect((await call('PUT', action.href, { text: '' })).statusCode).toBe(400);
    const asked = await call('PUT', action.href, { text: 'Rate 5.9 % for a three-year framework deal' });
    expect(asked.json().properties.specialCase).toMatchObject({ status: 'open', answer: null });

    const underwriter = { authorization: `Bearer ${await t.token('ulla.berger@provider.example')}` };
    expect((await call('GET', '/api/backoffice/special-cases')).statusCode).toBe(403);
    const queue = (await call('GET', '/api/backoffice/special-cases', undefined, underwriter)).json();
    const item = queue.entities.find(
      (e: { properties: { text: string } }) =>
        e.properties.text === 'Rate 5.9 % for a three-year framework deal',
    );
    expect(item.properties.customerName).toBe('Testbolaget Väst AB');
    const answer = item.actions[0].href as string;
    expect((await call('POST', answer, { granted: true, answer: '' }, underwriter)).statusCode).toBe(400);
    const granted = await call(
      'POST',
      answer,
      { granted: true, answer: 'Granted: 5.9 % over 36 months' },
      underwriter,
    );
    expect(granted.statusCode, granted.body).toBe(200);
    expect(
      (await call('POST', answer, { granted: false, answer: 'Changed my mind' }, underwriter)).statusCode,
    ).toBe(409);

    expect((await call('GET', href)).json().properties.specialCase).toMatchObject({
      status: 'granted',
      answer: 'Granted: 5.9 % over 36 months',
    });
    const [mail] = await t.db.query<{ subject: string; body: string }>(
      `select subject, body_text as body from mails where subject like '%Testbolaget Väst AB%' and body_text like '%5.9 %% over 36 months%'`,
    );
    expect(mail?.subject).toContain('Testbolaget Väst AB');
  });

  it('a request needs the objects described: their details, or an object overview', async () => {
    const res = await call('POST', '/api/calculationSets', {
      calculationVariant: {
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: 9_000,
        periodInMonths: 36,
        generalObject: { objectType: 'OT-LAPTOP' },
      },
      applicant: demoApplicant('Översiktsbolaget AB', 'SE'),
      supplier: demoSupplier('SE'),
    });
    const { calculationSetId: setId, calculationVariantId: variantId } = res.json().properties;
    const href = `/api/calculationSets/${setId}/calculationVariant/${variantId}`;
    expect((await call('GET', href)).json().properties.requestBlockers).toEqual(['objectDetailsMissing']);
    const refused = await call('PUT', `${href}/toGrenke`, { sendRequest: true });
    expect(refused.json().errorKeys).toEqual(['objectDetailsMissing']);

    const overview = await call(
      'POST',
      `/api/calculationSets/${setId}/documents/base64?documentType=objectOverview`,
      {
        fileName: 'objects.pdf',
        fileContent: Buffer.from(
          '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
        ).toString('base64'),
      },
    );
    expect(overview.statusCode, overview.body).toBe(201);
    expect((await call('GET', href)).json().properties.requestBlockers).toEqual([]);
    expect((await call('PUT', `${href}/toGrenke`, { sendRequest: true })).json().properties.state).toBe(
      'requestToGrenke',
    );
  });

  it("another partner's set is not found for offers, requests and cancels", async () => {
    const href = await create(5_000);
    const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    expect((await call('PUT', `${href}/toGrenke`, { sendRequest: true }, lukas)).statusCode).toBe(404);
    expect((await call('POST', `${href}/cancel`, undefined, lukas)).statusCode).toBe(404);
    const setId = href.split('/')[3]!;
    const offer = await call(
      'PUT',
      `/api/calculationSets/${setId}/offer?calculationVariantId=x&periods=36`,
      {},
      lukas,
    );
    expect(offer.statusCode).toBe(404);
  });

  it('cancelling the process closes it; a closed calculation offers no request', async () => {
    const href = await create(5_000);
    const cancelled = await call('POST', `${href}/cancel`);
    expect(cancelled.json().properties.state).toBe('canceled');
    const names = cancelled.json().actions.map((a: { name: string }) => a.name);
    expect(names).not.toContain('request-to-grenke');
    expect((await call('POST', `${href}/cancel`)).statusCode).toBe(409);
  });
});
