import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant } from './demo/applicants';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from './test/harness';
import { bodyFor, textFor, type JsonSchema } from './test/fuzz-arbitraries';
import { UNDERWRITER } from './test/fixtures';

/**
 * Every route of the API, fed values generated from its own schemas (OpenAPI from the shared zod
 * schemas) with hostile text, wrong types, extra and `__proto__` keys, deep nesting and huge
 * strings, in its path, query and body: no answer may be a 5xx. Seeded, so a failure repeats.
 */
const RUNS_PER_ROUTE = 40;
const SEED = 20261125;
/** Not request and answer: the live stream stays open. */
const SKIPPED = new Set(['GET /api/events']);
/** Path and query values the URL cannot even carry as text. */
const RAW = ['%00', '%ZZ', '%E0%A4%A', '%C0%AF', '%ED%A0%80'];

interface Operation {
  parameters?: { name: string; in: 'path' | 'query'; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Percent-encodes any string, lone surrogates too (as WTF-8 bytes, which are not UTF-8). */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`
        : encodeURIComponent(ch);
  }
  return out;
}

describe.each(DB_KINDS)('fuzzing every route (%s)', (kind) => {
  let t: TestApp;
  let operations: [string, Operation][] = [];
  const headers: Record<'anna' | 'ulla', Record<string, string>> = { anna: {}, ulla: {} };
  const known: Record<string, string> = {};
  const sent = { requests: 0, ms: 0 };

  beforeAll(async () => {
    t = await startTestApp(kind);
    headers.anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    headers.ulla = { authorization: `Bearer ${await t.token(UNDERWRITER)}` };
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(
        ([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation],
      ),
    );
    // Real ids beside the generated ones, so that values reach deeper than "not found".
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/calculationSets',
      headers: headers.anna,
      payload: {
        calculationVariant: {
          conditionListId: 'SE-NOS-VA-C3',
          productId: 'SE-NOS-VA',
          navBasedCalculation: true,
          inputValue: 9000,
          periodInMonths: 36,
          generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
        },
        applicant: demoApplicant('Fuzz AB', 'SE'),
      },
    });
    const p = created.json<{ properties: Record<string, string> }>().properties;
    known.setId = p.calculationSetId!;
    known.variantId = p.calculationVariantId!;
    const [user] = await t.db.query<{ id: string }>(
      `select u.id from users u join accounts a on a.id = u.account_id where a.email = $1`,
      [DEMO.sofia],
    );
    known.userId = user!.id;
    const [contract] = await t.db.query<{ code: string }>(
      `select reference_code as code from contracts where brand_id = 'SE-NOS' limit 1`,
    );
    known.referenceCode = contract!.code;
    known.conditionListId = 'SE-NOS-VA-C3';
    known.countryIso = 'SE';
  });
  afterAll(async () => {
    console.log(`fuzz (${kind}): ${sent.requests} requests in ${(sent.ms / 1000).toFixed(1)} s`);
    await t.close();
  });

  it('covers the routes of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('names the field of text that cannot be kept, and treats such an id as missing', async () => {
    const refused = (res: { statusCode: number; json(): { 'invalid-params'?: unknown } }) => [
      res.statusCode,
      res.json()['invalid-params'],
    ];
    const search = await t.app.inject({
      url: '/api/search/quicksearch?searchText=%00',
      headers: headers.anna,
    });
    expect(refused(search)).toEqual([400, [{ name: 'searchText', reason: 'invalidCharacters' }]]);
    const signee = await t.app.inject({
      method: 'PUT',
      url: '/api/user/signeepartner',
      headers: { ...headers.anna, 'content-type': 'application/json' },
      payload: '{"firstName":"Anna\\ud800","surname":"Lind","eMail":"a@b.example"}',
    });
    expect(refused(signee)).toEqual([400, [{ name: 'firstName', reason: 'invalidCharacters' }]]);
    const id = await t.app.inject({ url: '/api/backoffice/requests/%00', headers: headers.ulla });
    expect(id.statusCode).toBe(404);
  });

  it('answers no generated request with a 5xx', async () => {
    const failures: string[] = [];
    for (const [route, op] of operations) {
      if (SKIPPED.has(route)) continue;
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const params = op.parameters ?? [];
      const request = fc.record({
        path: fc.record(
          Object.fromEntries(
            params
              .filter((q) => q.in === 'path')
              .map((q) => [
                q.name,
                fc.oneof(textFor(q.schema, known[q.name]).map(encode), fc.constantFrom(...RAW)),
              ]),
          ),
        ),
        query: fc.array(
          fc.tuple(
            fc.constantFrom(...params.filter((q) => q.in === 'query').map((q) => q.name), 'extra'),
            fc.oneof(fc.string({ maxLength: 20 }).map(encode), fc.constantFrom(...RAW)),
          ),
          { maxLength: 4 },
        ),
        body: bodyFor(op.requestBody?.content['application/json']?.schema),
      });
      const caller = path.startsWith('/api/backoffice') ? headers.ulla : headers.anna;
      for (const r of fc.sample(request, { seed: SEED, numRuns: RUNS_PER_ROUTE })) {
        const url =
          path.replace(/\{(\w+)\}/g, (_m, name: string) => (r.path as Record<string, string>)[name] ?? 'x') +
          (r.query.length ? `?${r.query.map(([k, v]) => `${k}=${v}`).join('&')}` : '');
        const started = performance.now();
        const res = await t.app.inject({
          method,
          url,
          headers: caller,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: JSON.stringify(r.body) }),
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { headers: { ...caller, 'content-type': 'application/json' } }),
        });
        sent.ms += performance.now() - started;
        sent.requests += 1;
        if (res.statusCode >= 500)
          failures.push(`${method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
