import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_STATES,
  contractStateOf,
  PROVIDER_CONTRACT_STATES,
  utcToday,
  type ProviderContractState,
} from '../../../domain/contracts';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../../test/harness';
import { refreshContractStates } from './repo';

/**
 * A contract's state on both databases: what the calendar gives (contractStateOf and its SQL
 * twin agree), what the provider sets instead, and the stored state moving on as days pass.
 */
describe.each(DB_KINDS)('contract states (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let erikProfile: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    erikProfile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
  });
  afterAll(() => t.close());

  const call = (method: 'GET', url: string) => t.app.inject({ method, url, headers: erik });

  it('computes in SQL what contractStateOf computes', async () => {
    const S = '2024-06-01';
    const E = '2028-05-31';
    const days = [
      '2024-05-31',
      '2024-06-01',
      '2026-01-15',
      '2028-02-29',
      '2028-03-01',
      '2028-05-31',
      '2028-06-01',
      '2030-01-01',
    ];
    const marks = [null, '2025-01-01', '2028-04-15', '2028-06-15'];
    type Case = [
      string | null,
      string | null,
      string | null,
      string | null,
      string | null,
      string | null,
      string,
    ];
    const cases: Case[] = [];
    for (const today of days)
      for (const returnedAt of marks)
        for (const cancelledAt of marks)
          for (const paidAt of [null, '2028-06-10'])
            cases.push([S, E, returnedAt, cancelledAt, paidAt, null, today]);
    cases.push(
      [null, E, null, null, null, null, '2026-01-01'],
      [S, null, null, null, null, null, '2026-01-01'],
    );
    cases.push(['2025-11-30', '2026-02-28', null, null, null, null, '2025-11-30']);
    cases.push(
      ['2025-08-31', '2026-05-31', null, null, null, null, '2026-02-28'],
      ['2025-08-31', '2026-05-31', null, null, null, null, '2026-03-01'],
    );
    // The provider's state beats every date, and holds without dates too.
    for (const providerState of PROVIDER_CONTRACT_STATES)
      cases.push(
        [S, E, null, null, null, providerState, '2026-01-15'],
        [S, E, '2025-01-01', null, '2028-06-10', providerState, '2030-01-01'],
        [null, null, null, null, null, providerState, '2026-01-15'],
      );
    const column = (k: number) => cases.map((c) => c[k]);
    const rows = await t.db.query<{ state: string }>(
      `select contract_state_of(a, b, c, d, e, g, f) as state
         from unnest($1::date[], $2::date[], $3::date[], $4::date[], $5::date[], $6::text[], $7::date[])
              with ordinality as x(a, b, c, d, e, g, f, n)
        order by n`,
      [0, 1, 2, 3, 4, 5, 6].map(column),
    );
    const expected = cases.map(
      ([startDate, endDate, returnedAt, cancelledAt, paidAt, providerState, today]) =>
        contractStateOf(
          {
            startDate,
            endDate,
            returnedAt,
            cancelledAt,
            paidAt,
            providerState: providerState as ProviderContractState | null,
          },
          today,
        ),
    );
    expect(rows.map((r) => r.state)).toEqual(expected);
    expect(new Set(expected)).toEqual(new Set(CONTRACT_STATES));
  });

  it('keeps the state the provider set until it clears it, and the calendar decides again', async () => {
    const state = async (code: string) =>
      (
        await t.db.query<{ state: string }>('select state from contracts where reference_code = $1', [code])
      )[0]!.state;
    await t.db.query(`update contracts set provider_state = 'locked' where reference_code = '752-0000103'`);
    await t.db.query(`update contracts set provider_state = 'active' where reference_code = '752-0000109'`);
    expect(await state('752-0000103')).toBe('locked');
    expect(await state('752-0000109')).toBe('active');
    // The hourly refresh leaves the provider's word alone, also years on.
    await refreshContractStates(t.db, '2040-01-01');
    expect(await state('752-0000103')).toBe('locked');
    await refreshContractStates(t.db, utcToday());
    await t.db.query(
      `update contracts set provider_state = null where reference_code in ('752-0000103', '752-0000109')`,
    );
    expect(await state('752-0000103')).toBe('expiringSoon');
    expect(await state('752-0000109')).toBe('unknown');
    const refused = await t.db
      .query(`update contracts set provider_state = 'frozen' where reference_code = '752-0000103'`)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
  });

  it('moves stored states on as the days pass, and derives brand and state on insert', async () => {
    const end = (await call('GET', '/api/contracts/752-0000102')).json().properties.contract
      .endDate as string;
    const dayAfter = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await refreshContractStates(t.db, dayAfter)).toBeGreaterThan(0);
    expect((await call('GET', '/api/contracts/752-0000102')).json().properties.contract.state).toBe(
      'prolongedContract',
    );
    expect(await refreshContractStates(t.db, utcToday())).toBeGreaterThan(0);
    expect((await call('GET', '/api/contracts/752-0000102')).json().properties.contract.state).toBe(
      'runningContract',
    );
    expect(await refreshContractStates(t.db, utcToday())).toBe(0);

    await t.db.query(
      `insert into contracts (reference_code, partner_id, user_profile_id, customer_name, state, start_date, end_date)
       values ('752-0000198', '752-10001', $1, 'Trigger Test AB', 'runningContract', current_date - 400, current_date + 20)`,
      [erikProfile],
    );
    const [row] = await t.db.query<{ brandId: string; state: string }>(
      `select brand_id as "brandId", state from contracts where reference_code = '752-0000198'`,
    );
    expect(row).toEqual({ brandId: 'SE-NOS', state: 'expiringSoon' });
    await t.db.query(`update contracts set paid_at = current_date where reference_code = '752-0000198'`);
    const [paid] = await t.db.query<{ state: string }>(
      `select state from contracts where reference_code = '752-0000198'`,
    );
    expect(paid!.state).toBe('paid');
    await t.db.query(`delete from contracts where reference_code = '752-0000198'`);
  });
});
