import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config';
import type { ResultRow } from '../../domain/calculation/schemas';
import { contractEndOf, utcToday } from '../../domain/contracts';
import { demoApplicant, demoSupplier } from '../demo/applicants';
import { extractText } from '../integrations/pdf/pdf-text';
import { UNDERWRITER } from '../test/fixtures';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../test/harness';
import { readSheet } from '../test/xlsx';

/**
 * One deal, one instalment: a quarterly deal with an advance payment shows the same instalment
 * per quarter, and its monthly equivalent, in the calculation, its list and export, the offer
 * PDF, the contract PDF, and the contract's detail, list and export; with a payment plan, each
 * says what is paid first and what follows.
 */
const MIGRATIONS = path.join(ROOT_DIR, 'src/server/db/migrations');
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

  /**
   * A quarterly deal for a Swedish customer from calculation to running contract: the offer PDF,
   * the contract PDF, then the application checked by the underwriter.
   */
  const deal = async (customer: string, variant: object = {}) => {
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
        ...variant,
      },
      applicant: demoApplicant(customer, 'SE'),
      supplier: demoSupplier('SE'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { calculationSetId: setId, calculationVariantId: variantId } = created.json().properties;
    const href = `/api/calculationSets/${setId}/calculationVariant/${variantId}`;
    const row = (await call('GET', href))
      .json()
      .properties.calculationResults.find((r: { isSelected: boolean }) => r.isSelected) as ResultRow;

    const offer = await call(
      'PUT',
      `/api/calculationSets/${setId}/offer?calculationVariantId=${variantId}&periods=36&makeOffer=false`,
      { nonBindingQuoteNote: '' },
    );
    expect(offer.statusCode, offer.body).toBe(200);
    const offerText = await pdfText(offer.json().actions[0].href);

    await call('PUT', `${href}/toGrenke`, { sendRequest: true });
    for (let k = 0; k < 100 && (await call('GET', href)).json().properties.state !== 'readyToSign'; k++)
      await new Promise((r) => setTimeout(r, 100));
    const printed = await call('PUT', `${href}/paperContract`);
    expect(printed.statusCode, printed.body).toBe(200);
    const contractText = await pdfText(printed.json().actions[0].href);

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
    return { row, offerText, contractText, referenceCode };
  };
  // The customer is Swedish: the PDFs speak Swedish, in the Swedish brand's kronor (their
  // no-break spaces read as plain ones, drawnTexts).
  const money = (n: number) =>
    new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(n).replace(/\s/g, ' ');
  const search = (customer: string) => `?searchText=${encodeURIComponent(customer)}`;

  it('shows the same instalment per quarter everywhere', async () => {
    const customer = `Kvartalsbolaget ${kind} AB`;
    const { row, offerText, contractText, referenceCode } = await deal(customer);
    expect(row.billingPeriod).toBe('quarter');
    const total: number = row.totalInstallmentAmount;
    const monthly: number = row.monthlyTotalInstallmentAmount!;
    expect(monthly).toBeCloseTo(total / 3, 2);

    for (const shown of [total, monthly, 1_000]) expect(offerText).toContain(money(shown));
    expect(offerText).toContain('Kvartalsavgift');
    expect(contractText).toContain(`${money(total)} per kvartal`);
    expect(contractText).toContain(`${money(monthly)} i månaden`);
    expect(contractText).toContain('Förskottsbetalning');
    expect(contractText).toContain(money(1_000));

    const detail = (await call('GET', `/api/contracts/${referenceCode}`)).json().properties.contract;
    expect(detail).toMatchObject({ instalment: total, billingPeriod: 'quarter', monthlyInstalment: monthly });
    const contracts = (await call('GET', `/api/contracts${search(customer)}`)).json();
    expect(contracts.entities[0].properties).toMatchObject({ instalment: total, billingPeriod: 'quarter' });
    const calculations = (await call('GET', `/api/calculationSets${search(customer)}`)).json();
    // Its row menu offers the redemption of the contract it became, and no more cancel.
    const rowActions = calculations.entities[0].actions.map((a: { name: string }) => a.name);
    expect(rowActions).toContain('make-redemption-offer');
    expect(rowActions).not.toContain('cancel-process');
    expect(calculations.entities[0].properties).toMatchObject({
      totalInstallmentAmount: total,
      billingPeriod: 'quarter',
      monthlyTotalInstallmentAmount: monthly,
    });

    const calcRow = (await sheetRows(`/api/calculationSets/excel${search(customer)}`))[0]!;
    expect(calcRow).toMatchObject({
      'Total instalment': total,
      'Billing period': 'per quarter',
      'A month': monthly,
    });
    expect(calcRow['Payment plan']).toBeNull();
    const contractRow = (await sheetRows(`/api/contracts/excel${search(customer)}`))[0]!;
    expect(contractRow).toMatchObject({ 'Billing period': 'per quarter', 'A month': monthly });
    expect(Object.values(contractRow)).toContain(total);
  });

  it('heads a payment plan with what is paid first and what follows, on paper, the contract and the exports', async () => {
    const customer = `Startbolaget ${kind} AB`;
    const { row, offerText, contractText, referenceCode } = await deal(customer, {
      paymentPlan: 'EasyStart',
    });
    const [first, then] = row.schedule;
    expect(first).toMatchObject({ fromInstallment: 1, toInstallment: 1 });
    // Swedish on paper; the exports are in the caller's language (English here).
    const swedish = `${money(first!.totalInstallmentAmount)} i 1 kvartal, sedan ${money(then!.totalInstallmentAmount)} per kvartal`;
    for (const text of [offerText, contractText]) {
      expect(text.replace(/[ \n]+/g, ' ')).toContain(swedish);
      expect(text).not.toContain(money(row.totalInstallmentAmount));
    }

    const detail = (await call('GET', `/api/contracts/${referenceCode}`)).json().properties.contract;
    expect(detail.schedule).toEqual(row.schedule);
    // A contract made before the column existed takes its runs from its variant (migration 038).
    await t.db.query(`update contracts set schedule = '[]' where reference_code = $1`, [referenceCode]);
    await t.db.query(readFileSync(path.join(MIGRATIONS, '038_contract_schedule_fill.sql'), 'utf8'));
    const filled = (await call('GET', `/api/contracts/${referenceCode}`)).json().properties.contract;
    expect(filled.schedule).toEqual(row.schedule);
    const listed = (await call('GET', `/api/contracts${search(customer)}`)).json().entities[0].properties;
    expect(listed.schedule).toEqual(row.schedule);
    const calculation = (await call('GET', `/api/calculationSets${search(customer)}`)).json().entities[0];
    expect(calculation.properties.schedule).toEqual(row.schedule);

    const sek = (n: number) =>
      new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'SEK' }).format(n);
    const english = `${sek(first!.totalInstallmentAmount)} for 1 quarter, then ${sek(then!.totalInstallmentAmount)} per quarter`;
    for (const url of ['/api/calculationSets/excel', '/api/contracts/excel'])
      expect((await sheetRows(`${url}${search(customer)}`))[0]).toMatchObject({ 'Payment plan': english });
  });

  it('starts the instalments after a rent-free start: the end, and nothing paid in the redemption offer', async () => {
    const { referenceCode } = await deal(`Sommarstart ${kind} AB`, { rentFreeMonths: 6 });
    const today = utcToday();
    const end = contractEndOf(today, 36, 6);
    const detail = async () =>
      (await call('GET', `/api/contracts/${referenceCode}`)).json().properties.contract;
    expect(await detail()).toMatchObject({ rentFreeMonths: 6, startDate: today, endDate: end, duration: 42 });
    // Running from today, its first quarterly instalment due in six months: none paid yet.
    const offer = (await call('GET', `/api/contracts/${referenceCode}/redemption-offer`)).json().properties;
    expect(offer).toMatchObject({ state: 'runningContract', paidInstalments: 0, remainingInstalments: 12 });

    // A contract made before migration 039 takes its rent-free start from its variant (040).
    await t.db.query(
      `update contracts set rent_free_months = 0, end_date = $2::date - interval '6 months' where reference_code = $1`,
      [referenceCode, end],
    );
    expect((await detail()).rentFreeMonths).toBe(0);
    await t.db.query(readFileSync(path.join(MIGRATIONS, '040_contract_rent_free_fill.sql'), 'utf8'));
    expect(await detail()).toMatchObject({ rentFreeMonths: 6, endDate: end });
  });
});
