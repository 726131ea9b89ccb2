import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, startTestApp, type TestApp } from '../../test/harness';
import { createHttpCreditAgency, CreditAgencyUnavailable } from './http';

/**
 * The HTTP credit agency against a server that answers as the agency did (recorded/, one file per
 * answer): the requests it makes, the answers it maps, and what it does when the agency is slow,
 * down, or answers what it should not (docs/credit-agency.md).
 */
const recorded = (name: string) => readFileSync(path.join(import.meta.dirname, 'recorded', name), 'utf8');
const SEARCH = recorded('search-kontor-lund.json');
const COMPANY = recorded('company-UC-5560123456.json');

type Answer = { status: number; body?: string; delayMs?: number };

describe('the HTTP credit agency', () => {
  let server: Server;
  let base: string;
  /** What the agency answers next, per path; the last answer repeats. */
  let script: Map<string, Answer[]>;
  let seen: { url: string; authorization?: string }[];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url!, authorization: req.headers.authorization });
      const path = req.url!.split('?')[0]!;
      const answers = script.get(path) ?? [{ status: 404, body: '{}' }];
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    script = new Map();
    seen = [];
  });

  const agency = (over: { timeoutMs?: number; retries?: number } = {}) =>
    createHttpCreditAgency({
      baseUrl: base,
      apiKey: 'agency-key',
      name: 'Test agency',
      timeoutMs: 1000,
      retries: 2,
      backoffMs: 10,
      ...over,
    });

  it('searches with the bearer key and maps the answer, counting what lies beyond the first 25', async () => {
    script.set('/v1/companies', [{ status: 200, body: SEARCH }]);
    const found = await agency().search({ countryIso: 'SE', name: 'Kontor', town: 'Lund' });
    expect(seen).toEqual([
      {
        url: '/v1/companies?countryIso=SE&name=Kontor&town=Lund&limit=25',
        authorization: 'Bearer agency-key',
      },
    ]);
    expect(found.count).toBe(2);
    expect(found.limitExceeded).toBe(false);
    expect(found.entities.map((c) => [c.name, c.scoreClass, c.mainAddress.town])).toEqual([
      ['Kontorshuset i Lund AB', 2, 'Lund'],
      ['Kontorsmöbler Lund HB', 4, 'Lund'],
    ]);
    // A company without persons or a region is completed, not refused.
    expect(found.entities[1]).toMatchObject({ persons: [], agencyCustomerId: 'K-901377' });
    script.set('/v1/companies', [
      { status: 200, body: JSON.stringify({ ...JSON.parse(SEARCH), total: 312 }) },
    ]);
    expect(await agency().search({ countryIso: 'SE', name: 'Kontor' })).toMatchObject({
      count: 312,
      limitExceeded: true,
    });
  });

  it('selects a company by the agency key, and by another id only when it names one company', async () => {
    script.set('/v1/companies/UC-5560123456', [{ status: 200, body: COMPANY }]);
    const company = await agency().select({ agencyId: 'UC-5560123456', countryIso: 'SE' });
    expect(company).toMatchObject({ vatId: 'SE556012345601', bankAccount: { kind: 'bankgiro' } });
    expect(await agency().select({ agencyId: 'UC-0000000000', countryIso: 'SE' })).toBeUndefined();

    script.set('/v1/companies', [{ status: 200, body: SEARCH }]);
    expect(await agency().select({ vatId: 'SE556012345601', countryIso: 'SE' })).toBeUndefined();
    const one = JSON.parse(SEARCH) as { companies: unknown[] };
    script.set('/v1/companies', [
      { status: 200, body: JSON.stringify({ total: 1, companies: one.companies.slice(0, 1) }) },
    ]);
    expect((await agency().select({ vatId: 'SE556012345601', countryIso: 'SE' }))?.name).toBe(
      'Kontorshuset i Lund AB',
    );
    expect(seen.at(-1)!.url).toBe('/v1/companies?countryIso=SE&searchId=SE556012345601&limit=2');
  });

  it('tries again after a 503, a 429 and a timeout, and gives up after its tries', async () => {
    script.set('/v1/companies', [{ status: 503 }, { status: 429 }, { status: 200, body: SEARCH }]);
    expect((await agency().search({ countryIso: 'SE', name: 'Kontor' })).count).toBe(2);
    expect(seen).toHaveLength(3);

    seen = [];
    script.set('/v1/companies', [{ status: 200, body: SEARCH, delayMs: 500 }]);
    const slow = agency({ timeoutMs: 100, retries: 1 }).search({ countryIso: 'SE', name: 'Kontor' });
    await expect(slow).rejects.toThrow(/no answer within 100 ms/);
    expect(seen).toHaveLength(2);

    seen = [];
    script.set('/v1/companies', [{ status: 500 }]);
    await expect(agency().search({ countryIso: 'SE', name: 'Kontor' })).rejects.toBeInstanceOf(
      CreditAgencyUnavailable,
    );
    expect(seen).toHaveLength(3);
  });

  it('does not try again what will not change: a refused key, an answer in an unknown shape', async () => {
    script.set('/v1/companies', [{ status: 401, body: '{"error":"unknown key"}' }]);
    await expect(agency().search({ countryIso: 'SE', name: 'Kontor' })).rejects.toThrow(/HTTP 401/);
    expect(seen).toHaveLength(1);
    script.set('/v1/companies', [{ status: 200, body: '{"hits": []}' }]);
    await expect(agency().search({ countryIso: 'SE', name: 'Kontor' })).rejects.toThrow(/unknown shape/);
    script.set('/v1/companies', [{ status: 200, body: '<html>maintenance</html>' }]);
    await expect(agency().search({ countryIso: 'SE', name: 'Kontor' })).rejects.toThrow(/unknown shape/);
  });

  describe('behind the API', () => {
    let t: TestApp;
    let erik: Record<string, string>;
    beforeAll(async () => {
      t = await startTestApp('pglite', {
        creditAgency: {
          mode: 'http',
          baseUrl: base,
          apiKey: 'agency-key',
          name: 'Test agency',
          timeoutMs: 500,
          retries: 1,
        },
      });
      erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    });
    afterAll(() => t.close());

    it('answers the agency’s companies, records the report under its name, and 503 while it is down', async () => {
      script.set('/v1/companies', [{ status: 200, body: SEARCH }]);
      script.set('/v1/companies/UC-5560123456', [{ status: 200, body: COMPANY }]);
      const search = await t.app.inject({ url: '/api/customers?name=Kontor&town=Lund', headers: erik });
      expect(search.statusCode, search.body).toBe(200);
      expect(search.json().properties).toMatchObject({ count: 2, limitExceeded: false });
      const selected = await t.app.inject({
        url: '/api/customers/select?agencyId=UC-5560123456&countryIso=SE',
        headers: erik,
      });
      expect(selected.statusCode, selected.body).toBe(200);
      const reportId = selected.json().properties.creditAgencyReportId as string;
      expect(
        await t.db.query('select agency, score_class from credit_agency_reports where id = $1', [reportId]),
      ).toEqual([{ agency: 'Test agency', score_class: 2 }]);

      script.set('/v1/companies', [{ status: 503 }]);
      const down = await t.app.inject({ url: '/api/customers?name=Kontor', headers: erik });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ type: '/problems/service-unavailable' });
    });
  });
});
