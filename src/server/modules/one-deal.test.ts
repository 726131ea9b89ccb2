import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant, demoSupplier } from '../demo/applicants';
import { extractText } from '../integrations/pdf/pdf-text';
import { UNDERWRITER } from '../test/fixtures';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../test/harness';
import { readSheet } from '../test/xlsx';

/**
 * One deal, one instalment: a quarterly deal with an advance payment shows the same instalment
 * per quarter, and its monthly equivalent, in the calculation, its list and export, the offer
 * PDF, the contract PDF, and the contract's detail, list and export.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

describe.each(DB_KINDS)('one deal, one instalment (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let ulla: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = erik) =>
    t.app.inject({ method, url, headers, payload });
  const pdfText = async (href: string) =>
    extractText(Buffer.from((await call('GET', href)).json().contentAsBase64, 'base64'));
  const sheetRows = async (url: string) => {
    const body = (await call('GET', url)).json<{ contentAsBase64: string }>();
    const [header = [], ...rows] = (await readSheet(body.contentAsBase64)).rows;
    return rows.map((values) => Object.fromEntries(header.map((h, i) => [String(h), values[i]])));
  };

  it('shows the same instalment per quarter everywhere', async () => {
    const customer = `Kvartalsbolaget ${kind} AB`;
    const created = await call('POST', '/api/calculationSets', {
      calculationVariant: {
        conditionListId: 'SE-NOS-VA-C3',
        productId: 'SE-NOS-VA',
        navBasedCalculation: true,
        inputValue: 12_000,
        periodInMonths: 36,
        advancePaymentAmount: 1_000,
        paymentFrequency: 'quarterly',
        generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
      },
      applicant: demoApplicant(customer, 'SE'),
      supplier: demoSupplier('SE'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { calculationSetId: setId, calculationVariantId: variantId } = created.json().properties;
    const href = `/api/calculationSets/${setId}/calculationVariant/${variantId}`;
    const row = (await call('GET', href))
      .json()
      .properties.calculationResults.find((r: { isSelected: boolean }) => r.isSelected);
    expect(row.billingPeriod).toBe('quarter');
    const total: number = row.totalInstallmentAmount;
    const monthly: number = row.monthlyTotalInstallmentAmount;
    expect(monthly).toBeCloseTo(total / 3, 2);
    // The customer is Swedish: the PDFs speak Swedish, in the Swedish brand's kronor.
    const money = (n: number) =>
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(n);

    const offer = await call(
      'PUT',
      `/api/calculationSets/${setId}/offer?calculationVariantId=${variantId}&periods=36&makeOffer=false`,
      { nonBindingQuoteNote: '' },
    );
    expect(offer.statusCode, offer.body).toBe(200);
    const offerText = await pdfText(offer.json().actions[0].href);
    for (const shown of [total, monthly, 1_000]) expect(offerText).toContain(money(shown));
    expect(offerText).toContain('Kvartalsavgift');

    await call('PUT', `${href}/toGrenke`, { sendRequest: true });
    for (let k = 0; k < 100 && (await call('GET', href)).json().properties.state !== 'readyToSign'; k++)
      await new Promise((r) => setTimeout(r, 100));
    const printed = await call('PUT', `${href}/paperContract`);
    expect(printed.statusCode, printed.body).toBe(200);
    const contractText = await pdfText(printed.json().actions[0].href);
    expect(contractText).toContain(`${money(total)} per kvartal`);
    expect(contractText).toContain(`${money(monthly)} i månaden`);
    expect(contractText).toContain('Förskottsbetalning');
    expect(contractText).toContain(money(1_000));

    for (const documentType of ['agreement', 'delivery'])
      await call('POST', `/api/calculationSets/${setId}/documents/base64?documentType=${documentType}`, {
        fileName: `${documentType}.pdf`,
        fileContent: PDF.toString('base64'),
      });
    expect((await call('POST', `${href}/contract-start`)).statusCode).toBe(200);
    const queue = (await call('GET', '/api/backoffice/applications', undefined, ulla)).json();
    const check = queue.entities.find(
      (e: { properties: { calculationSetId: string } }) => e.properties.calculationSetId === setId,
    ).actions[0].href as string;
    const referenceCode = (await call('POST', check, { complete: true }, ulla)).json().properties
      .referenceCode as string;

    const detail = (await call('GET', `/api/contracts/${referenceCode}`)).json().properties.contract;
    expect(detail).toMatchObject({ instalment: total, billingPeriod: 'quarter', monthlyInstalment: monthly });
    const contracts = (await call('GET', `/api/contracts?searchText=${encodeURIComponent(customer)}`)).json();
    expect(contracts.entities[0].properties).toMatchObject({ instalment: total, billingPeriod: 'quarter' });
    const calculations = (
      await call('GET', `/api/calculationSets?searchText=${encodeURIComponent(customer)}`)
    ).json();
    // Its row menu offers the redemption of the contract it became, and no more cancel.
    const rowActions = calculations.entities[0].actions.map((a: { name: string }) => a.name);
    expect(rowActions).toContain('make-redemption-offer');
    expect(rowActions).not.toContain('cancel-process');
    expect(calculations.entities[0].properties).toMatchObject({
      totalInstallmentAmount: total,
      billingPeriod: 'quarter',
      monthlyTotalInstallmentAmount: monthly,
    });

    const calcRow = (
      await sheetRows(`/api/calculationSets/excel?searchText=${encodeURIComponent(customer)}`)
    )[0]!;
    expect(calcRow).toMatchObject({
      'Total instalment': total,
      'Billing period': 'per quarter',
      'A month': monthly,
    });
    const contractRow = (
      await sheetRows(`/api/contracts/excel?searchText=${encodeURIComponent(customer)}`)
    )[0]!;
    expect(contractRow).toMatchObject({ 'Billing period': 'per quarter', 'A month': monthly });
    expect(Object.values(contractRow)).toContain(total);
  });
});
