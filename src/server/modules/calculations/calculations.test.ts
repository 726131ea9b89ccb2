import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('calculation view and calculate (%s)', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    auth = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    navBasedCalculation: true,
    netAcquisitionValueAmount: 10_000,
    productId: 'SE-NOS-VA',
    financingObjects: [{ objectTypeId: 'OT-LAPTOP', quantity: 1 }],
    ...over,
  });
  const calc = (listId: string, payload: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: `/api/calculate/${listId}`, headers, payload: payload as object });

  it("answers the selected brand's condition lists of every contract type and its object types", async () => {
    const res = await t.app.inject({ url: '/api/calculationView', headers: auth });
    expect(res.statusCode).toBe(200);
    const { conditionLists, objectTypes, applicationSettings } = res.json().properties;
    expect(conditionLists.every((l: { id: string }) => l.id.startsWith('SE-NOS-'))).toBe(true);
    expect(new Set(conditionLists.map((l: { contractTypeCode: string }) => l.contractTypeCode))).toEqual(
      new Set(['VA', 'TA', 'MK']),
    );
    expect(objectTypes.find((o: { id: string }) => o.id === 'OT-COPIER')).toMatchObject({
      softPeriodLimit: 60,
      hardPeriodLimit: 72,
      countedServicePossible: true,
    });
    expect(applicationSettings).toMatchObject({
      paymentFrequency: 'monthly',
      paymentMethod: 'invoice',
      paymentPlan: 'none',
    });
  });

  it('calculates one row per period with the rate band of the NAV', async () => {
    const res = await calc('SE-NOS-VA-C3', body({ selectedPeriod: 36 }));
    expect(res.statusCode).toBe(200);
    const rows = res.json().properties.results;
    expect(rows.map((r: { periodInMonths: number }) => r.periodInMonths)).toEqual([
      12, 18, 24, 36, 48, 54, 60, 72,
    ]);
    // 7.9 % band for 10,000 with 3 % commission: docs/domain.md's first example, plus the 0.15 % damage waiver.
    expect(rows[3]).toMatchObject({
      periodInMonths: 36,
      netAcquisitionInstallmentAmount: 320.18,
      damageWaiverAmount: 15,
      isSelected: true,
      default: true,
    });
    expect(rows[7].periodLimit).toBe('hard');
  });

  it('answers invalid values with the spec keys as invalid-params', async () => {
    const res = await calc('SE-NOS-VA-C0', body({ netAcquisitionValueAmount: 100 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: '/problems/validation',
      validationKeys: ['navTooLow'],
      'invalid-params': [{ name: 'netAcquisitionValueAmount', reason: 'navTooLow' }],
    });
    const notRental = await calc('SE-NOS-MK-C0', body({ productId: 'SE-NOS-MK', handlingFeeAmount: 95 }));
    expect(notRental.json()['invalid-params']).toEqual([
      { name: 'handlingFeeAmount', reason: 'handlingFeeNotAllowed' },
    ]);
    const malformed = await calc('SE-NOS-VA-C0', { navBasedCalculation: 'yes' });
    expect(malformed.statusCode).toBe(400);
  });

  it("treats another brand's condition list as unknown", async () => {
    expect((await calc('DE-RBT-VA-C0', body({ productId: 'DE-RBT-VA' }))).statusCode).toBe(404);
    const medical = await profileIdOf(t.db, DEMO.anna, 'SE-NML');
    const anna = { authorization: `Bearer ${await t.token(DEMO.anna)}`, 'x-user-profile-id': medical };
    expect((await calc('SE-NOS-VA-C0', body(), anna)).statusCode).toBe(404);
    expect((await calc('SE-NML-VA-C0', body({ productId: 'SE-NML-VA' }), anna)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await calc('SE-NOS-VA-C0', body(), {})).statusCode).toBe(401);
  });
});

describe.each(DB_KINDS)('lists a calculation cannot use as they are (%s)', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const LIST = 'SE-NOS-TA-R20-C0';
  const EURO_LIST = 'SE-NOS-TA-R20-C2';
  /** A kronor laptop of 10,000, with `over` (an advance payment). */
  const calculate = (listId: string, over: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calculate/${listId}`,
      headers: auth,
      payload: {
        navBasedCalculation: true,
        netAcquisitionValueAmount: 10_000,
        productId: 'SE-NOS-TA',
        financingObjects: [{ objectTypeId: 'OT-LAPTOP', quantity: 1 }],
        ...over,
      },
    });
  beforeAll(async () => {
    t = await startTestApp(kind);
    auth = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    // A price list that lets the advance payment and the residual value cover the NAV, before
    // the brand's lists are first read.
    await t.db.query(
      `update condition_lists set definition = definition || '{"residualValue": 60, "advancePaymentMaxPercent": 60}'::jsonb where id = $1`,
      [LIST],
    );
    // And a list counted in euros among the kronor brand's.
    await t.db.query(
      `update condition_lists set definition = definition || '{"currencyCode": "EUR"}'::jsonb where id = $1`,
      [EURO_LIST],
    );
  });
  afterAll(() => t.close());

  it("never offers a list counted in another currency than the brand's", async () => {
    const view = await t.app.inject({ url: '/api/calculationView', headers: auth });
    const ids = view.json().properties.conditionLists.map((l: { id: string }) => l.id);
    expect(ids).toContain(LIST);
    expect(ids).not.toContain(EURO_LIST);
    const calculated = await calculate(EURO_LIST);
    expect(calculated.statusCode).toBe(404);
  });

  it('is refused by calculate and by a save with the error key instalmentTooSmall, title action validation', async () => {
    const calculated = await calculate(LIST, { advancePaymentAmount: 5_000 });
    expect(calculated.statusCode, calculated.body).toBe(400);
    expect(calculated.json()).toMatchObject({
      type: '/problems/error-keys',
      title: 'action validation',
      errorKeys: ['instalmentTooSmall'],
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/calculationSets',
      headers: auth,
      payload: {
        calculationVariant: {
          conditionListId: LIST,
          productId: 'SE-NOS-TA',
          navBasedCalculation: true,
          inputValue: 10_000,
          advancePaymentAmount: 5_000,
          periodInMonths: 24,
          generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json()).toMatchObject({ type: '/problems/error-keys', errorKeys: ['instalmentTooSmall'] });
  });
});
