import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMonths } from '../../../domain/dashboard';
import { demoApplicant } from '../../demo/applicants';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../../test/harness';
import { parseOffset } from './service';

/**
 * The demo world holds, on Nordic Office Solutions (SE-NOS), Maja's Malmö Tandvård (inWork),
 * Skåne Bygg (offerToCustomer) and Lunds Kaffebar (readyToSign) and Erik's Göteborgs Trycksaker
 * (inWork); on Rheinland Bürotechnik (DE-RBT) Jonas's Bäckerei Schmitz (requestToGrenke).
 * Here Erik adds four sets and Maja one; the demo sets are moved out of the 12 months.
 */
interface Made {
  setId: string;
  variantId: string;
  nav: number;
}

const MONTH_START = "date_trunc('month', now() at time zone 'UTC')";

describe.each(DB_KINDS)('dashboard (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let maja: Record<string, string>;
  let lukas: Record<string, string>;
  const made: Record<string, Made> = {};

  const create = async (
    headers: Record<string, string>,
    name: string,
    inputValue: number,
    navBasedCalculation = true,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calculationSets',
      headers,
      payload: {
        calculationVariant: {
          conditionListId: 'SE-NOS-VA-C3',
          productId: 'SE-NOS-VA',
          navBasedCalculation,
          inputValue,
          periodInMonths: 36,
          ...(navBasedCalculation
            ? { financingObjects: [{ objectId: 'OT-LAPTOP', netPricePerItemAmount: inputValue }] }
            : { generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true } }),
        },
        applicant: demoApplicant(name, 'SE'),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().properties;
    const selected = p.calculationResults.find((r: { isSelected: boolean }) => r.isSelected);
    made[name] = {
      setId: p.calculationSetId,
      variantId: p.calculationVariantId,
      nav: navBasedCalculation ? inputValue : selected.netAcquisitionValueAmount,
    };
  };
  /** The set and its variant in a state, created in a month (0 the current one) at an edit time. */
  const place = async (name: string, state: string, monthsAgo: number | null, editedMinutesAgo: number) => {
    const { setId, variantId } = made[name]!;
    await t.db.query('update calculation_variants set state = $2 where id = $1', [variantId, state]);
    await t.db.query(
      `update calculation_sets set state = $2, last_edited_at = now() - make_interval(mins => $3::int),
              created_at = ${monthsAgo === null ? "now() - interval '13 months'" : `(${MONTH_START} - make_interval(months => $4::int) + interval '2 days') at time zone 'UTC'`}
        where id = $1`,
      monthsAgo === null ? [setId, state, editedMinutesAgo] : [setId, state, editedMinutesAgo, monthsAgo],
    );
  };
  const get = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    maja = { authorization: `Bearer ${await t.token(DEMO.maja)}` };
    lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    await create(erik, 'Alfa Konsult AB', 10_000);
    await create(erik, 'Beta Frisör AB', 20_000.5);
    await create(erik, 'Gamma Optik AB', 400, false);
    await create(erik, 'Delta Stål AB', 7_000);
    await create(maja, 'Majas Bageri AB', 5_000);
    // The demo sets were created when the template was seeded: move them out of the 12 months.
    await t.db.query("update calculation_sets set created_at = now() - interval '2 years'");
    await place('Alfa Konsult AB', 'missingQuoteInfo', 0, 30);
    await place('Beta Frisör AB', 'awaitingCustomerSignature', 2, 20);
    await place('Gamma Optik AB', 'awaitingPartnerSignature', 2, 10);
    await place('Delta Stål AB', 'declined', null, 5);
    await place('Majas Bageri AB', 'readyToSign', 0, 1);
    await t.db.query(
      "update calculation_sets set last_edited_at = now() - interval '1 day' where applicant_name = 'Lunds Kaffebar HB'",
    );
  });
  afterAll(() => t.close());

  it('answers a dashboard entity', async () => {
    const body = await get(erik);
    expect(body.class).toEqual(['dashboard']);
    expect(body.links).toContainEqual({ rel: ['self'], href: '/api/dashboard' });
    expect(Object.keys(body.properties).sort()).toEqual(
      ['actionItems', 'counts', 'currencyCode', 'lastSignIn', 'offerLinks', 'volume'].sort(),
    );
  });

  it('counts the brand’s sets per category for a user with global access', async () => {
    const { counts } = (await get(erik)).properties;
    // Quote: Malmö, Skåne, Göteborg; Approval: Lunds, Alfa, Majas; Conclusion: Beta, Gamma; Closed: Delta.
    expect(counts).toEqual({ Quote: 3, Approval: 3, Conclusion: 2, Closed: 1 });
  });

  it('lists the items that need action, newest first, with totals', async () => {
    const { actionItems } = (await get(erik)).properties;
    const names = (kind: string) =>
      actionItems[kind].items.map((i: { customerName: string }) => i.customerName);
    expect(actionItems.missingQuoteInfo.total).toBe(1);
    expect(actionItems.missingQuoteInfo.items).toEqual([
      {
        calculationSetId: made['Alfa Konsult AB']!.setId,
        calculationVariantId: made['Alfa Konsult AB']!.variantId,
        customerName: 'Alfa Konsult AB',
        state: 'missingQuoteInfo',
        lastEdited: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(actionItems.readyToSign.total).toBe(2);
    expect(names('readyToSign')).toEqual(['Majas Bageri AB', 'Lunds Kaffebar HB']);
    expect(actionItems.awaitingSignature.total).toBe(2);
    expect(names('awaitingSignature')).toEqual(['Gamma Optik AB', 'Beta Frisör AB']);
    expect(actionItems.awaitingSignature.items.map((i: { state: string }) => i.state)).toEqual([
      'awaitingPartnerSignature',
      'awaitingCustomerSignature',
    ]);
  });

  it('sums the NAV of the sets created per month over 12 months, the current one last', async () => {
    const { volume, currencyCode } = (await get(erik)).properties;
    const { months } = dashboardMonths(new Date(), 0);
    expect(currencyCode).toBe('SEK');
    expect(volume).toHaveLength(12);
    expect(volume.map((v: { month: string }) => v.month)).toEqual(months);
    expect(months[11]).toBe(new Date().toISOString().slice(0, 7));
    const nav = (n: string) => made[n]!.nav;
    expect(volume[11]).toEqual({
      month: months[11],
      count: 2,
      amount: nav('Alfa Konsult AB') + nav('Majas Bageri AB'),
    });
    // A NAV-based set sums its typed NAV, an instalment-based one the NAV of its selected result.
    expect(nav('Gamma Optik AB')).toBeGreaterThan(0);
    expect(volume[9].count).toBe(2);
    expect(volume[9].amount).toBeCloseTo(nav('Beta Frisör AB') + nav('Gamma Optik AB'), 2);
    // Delta (13 months ago) and the demo sets (2 years ago) are outside.
    const rest = volume.filter((_: unknown, k: number) => k !== 9 && k !== 11);
    expect(rest.every((v: { count: number; amount: number }) => v.count === 0 && v.amount === 0)).toBe(true);
  });

  it('shows a user without global access only their own sets', async () => {
    const { counts, actionItems, volume } = (await get(maja)).properties;
    expect(counts).toEqual({ Quote: 2, Approval: 2, Conclusion: 0, Closed: 0 });
    expect(actionItems.readyToSign.items.map((i: { customerName: string }) => i.customerName)).toEqual([
      'Majas Bageri AB',
      'Lunds Kaffebar HB',
    ]);
    expect(actionItems.missingQuoteInfo).toEqual({ total: 0, items: [] });
    expect(actionItems.awaitingSignature).toEqual({ total: 0, items: [] });
    expect(volume[11]).toMatchObject({ count: 1, amount: 5_000 });
    expect(volume.reduce((n: number, v: { count: number }) => n + v.count, 0)).toBe(1);
  });

  it('counts only the selected brand', async () => {
    // Lukas on DE-RBT sees Bäckerei Schmitz alone, none of the Swedish sets.
    const rbt = (await get(lukas)).properties;
    expect(rbt.counts).toEqual({ Quote: 0, Approval: 1, Conclusion: 0, Closed: 0 });
    expect(rbt.volume.every((v: { count: number }) => v.count === 0)).toBe(true);
    // Anna's other Swedish brand (same partner) has none.
    const nml = (
      await get({
        authorization: `Bearer ${await t.token(DEMO.anna)}`,
        'x-user-profile-id': await profileIdOf(t.db, DEMO.anna, 'SE-NML'),
      })
    ).properties;
    expect(nml.counts).toEqual({ Quote: 0, Approval: 0, Conclusion: 0, Closed: 0 });
    expect(nml.actionItems.readyToSign).toEqual({ total: 0, items: [] });
  });

  it('answers the previous sign-in of the account', async () => {
    expect((await get(maja)).properties.lastSignIn).toBeNull();
    await t.db.query(
      "update accounts set previous_sign_in_at = '2025-03-04T05:06:07Z' where lower(email) = lower($1)",
      [DEMO.erik],
    );
    expect((await get(erik)).properties.lastSignIn).toBe('2025-03-04T05:06:07.000Z');
  });

  it('buckets months by the caller’s time zone', async () => {
    // Alfa moves to 00:30 UTC on the 1st of this month: still last month one hour west of UTC.
    await t.db.query(
      `update calculation_sets set created_at = (${MONTH_START} + interval '30 minutes') at time zone 'UTC' where id = $1`,
      [made['Alfa Konsult AB']!.setId],
    );
    const res = await t.app.inject({
      url: '/api/dashboard',
      headers: { ...erik, 'x-timezone-offset': '60' },
    });
    const west = res.json().properties.volume;
    expect(west[11].count).toBe(1);
    expect(west[10]).toMatchObject({ count: 1, amount: made['Alfa Konsult AB']!.nav });
    const utc = (await get(erik)).properties.volume;
    expect(utc[11].count).toBe(2);
  });

  it('shows at most five items per kind, with the full total', async () => {
    const profile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
    await t.db.query(
      `insert into calculation_sets (partner_id, brand_id, user_profile_id, applicant_name, state, leading_variant_id, last_edited_at)
       select '752-10001', 'SE-NOS', $1, 'Extra ' || g, 'readyToSign', gen_random_uuid(), now() - make_interval(hours => g)
         from generate_series(1, 6) g`,
      [profile],
    );
    const { actionItems, counts } = (await get(erik)).properties;
    expect(actionItems.readyToSign.total).toBe(8);
    expect(actionItems.readyToSign.items.map((i: { customerName: string }) => i.customerName)).toEqual([
      'Majas Bageri AB',
      'Extra 1',
      'Extra 2',
      'Extra 3',
      'Extra 4',
    ]);
    expect(counts.Approval).toBe(9);
  });

  it('refuses a call without a token', async () => {
    const res = await t.app.inject({ url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('dashboard months and time zone', () => {
  it('names twelve months ending with the caller’s current one', () => {
    const now = new Date('2025-01-31T23:30:00Z');
    expect(dashboardMonths(now, 0).months).toEqual([
      '2024-02',
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
    ]);
    expect(dashboardMonths(now, 0).from.toISOString()).toBe('2024-02-01T00:00:00.000Z');
    // One hour east of UTC it is already February, which began at 23:00 UTC.
    const east = dashboardMonths(now, -60);
    expect(east.months[11]).toBe('2025-02');
    expect(east.from.toISOString()).toBe('2024-02-29T23:00:00.000Z');
  });

  it('takes only plausible offsets', () => {
    expect(parseOffset('-120')).toBe(-120);
    expect(parseOffset('abc')).toBe(0);
    expect(parseOffset('100000')).toBe(0);
    expect(parseOffset('1.5')).toBe(0);
    expect(parseOffset(undefined)).toBe(0);
  });
});
