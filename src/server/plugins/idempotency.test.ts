import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant } from '../demo/applicants';
import { versionMismatch } from '../problems';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../test/harness';
import type { Caller } from './auth';
import { registerErrorHandling } from './errors';
import { HEADERS } from '../../domain/http';
import { keyScope, lockKeyText, registerIdempotency } from './idempotency';

/** Concurrency needs several connections: only PostgreSQL has them (PGlite runs one transaction at a time). */
const noTest = (..._args: unknown[]) => undefined;

describe.each(DB_KINDS)('Idempotency-Key (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  let maja: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    maja = { authorization: `Bearer ${await t.token(DEMO.maja)}` };
  });
  afterAll(() => t.close());

  let keys = 0;
  /** A fresh key per use, so that tests do not meet each other's records. */
  const newKey = () => `key-${kind}-${++keys}-${Date.now()}`;
  const withKey = (headers: Record<string, string>, key: string) => ({ ...headers, 'idempotency-key': key });

  const saveBody = (over: Record<string, unknown> = {}) => ({
    calculationVariant: {
      name: 'Main offer',
      conditionListId: 'SE-NOS-TA-R10-C0',
      productId: 'SE-NOS-TA',
      navBasedCalculation: true,
      inputValue: 12_000,
      periodInMonths: 48,
      financingObjects: [
        {
          objectId: 'OT-COPIER',
          manufacturerId: 'M-CANON',
          details: 'imageRUNNER',
          netPricePerItemAmount: 6_000,
          quantity: 2,
        },
      ],
      ...over,
    },
    applicant: demoApplicant('Testbolaget Väst AB', 'SE'),
  });
  const post = (payload: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/calculationSets', headers, payload: payload as object });
  const put = (url: string, payload: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
  const del = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url, headers });
  const countSets = async () =>
    Number((await t.db.query<{ n: string }>('select count(*) as n from calculation_sets'))[0]!.n);
  const record = async (key: string) =>
    (
      await t.db.query<{ state: string; status: number }>('select * from idempotency_keys where key = $1', [
        key,
      ])
    )[0];

  async function create() {
    const res = await post(saveBody(), erik);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().properties;
    return {
      setId: p.calculationSetId as string,
      variantId: p.calculationVariantId as string,
      href: res.headers.location as string,
      etag: res.headers.etag as string,
    };
  }

  describe('replays', () => {
    it('answers a repeated create with the first answer and makes one set', async () => {
      const key = newKey();
      const before = await countSets();
      const first = await post(saveBody(), withKey(erik, key));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await post(saveBody(), withKey(erik, key));
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.json()).toEqual(first.json());
      expect(again.body).toBe(first.body);
      expect(await countSets()).toBe(before + 1);
      expect(await record(key)).toMatchObject({ state: 'done', status: 201 });
    });

    it('refuses the same key with another body (422) and with another query (422)', async () => {
      const key = newKey();
      expect((await post(saveBody(), withKey(erik, key))).statusCode).toBe(201);
      const before = await countSets();
      const other = await post(saveBody({ inputValue: 13_000 }), withKey(erik, key));
      expect(other.statusCode).toBe(422);
      expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(other.json()).toMatchObject({ type: '/problems/idempotency-conflict', status: 422 });
      const otherQuery = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets?userprofileId=${await profileIdOf(t.db, DEMO.erik, 'SE-NOS')}`,
        headers: withKey(erik, key),
        payload: saveBody(),
      });
      expect(otherQuery.statusCode).toBe(422);
      expect(await countSets()).toBe(before);
    });

    it('keeps a key under one brand apart from the same key under another brand', async () => {
      const anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
      const under = (brand: string) => ({
        ...withKey(anna, key),
        [HEADERS.userProfileId]: profiles[brand]!,
      });
      const profiles: Record<string, string> = {
        'SE-NOS': await profileIdOf(t.db, DEMO.anna, 'SE-NOS'),
        'SE-NML': await profileIdOf(t.db, DEMO.anna, 'SE-NML'),
      };
      const laptopsOf = (brand: string) =>
        saveBody({
          conditionListId: `${brand}-TA-R10-C0`,
          productId: `${brand}-TA`,
          financingObjects: [
            { objectId: 'OT-LAPTOP', manufacturerId: 'M-DELL', netPricePerItemAmount: 1_500, quantity: 8 },
          ],
        });
      const brandOf = async (setId: string) =>
        (
          await t.db.query<{ brand_id: string }>('select brand_id from calculation_sets where id = $1', [
            setId,
          ])
        )[0]!.brand_id;

      let key = newKey();
      const office = await post(laptopsOf('SE-NOS'), under('SE-NOS'));
      expect(office.statusCode, office.body).toBe(201);
      // The same key with the second brand's lists makes a set in that brand.
      const medical = await post(laptopsOf('SE-NML'), under('SE-NML'));
      expect(medical.statusCode, medical.body).toBe(201);
      expect(medical.headers['idempotent-replayed']).toBeUndefined();
      expect(await brandOf(medical.json().properties.calculationSetId)).toBe('SE-NML');
      // Each brand's repeat replays its own answer.
      const again = await post(laptopsOf('SE-NOS'), under('SE-NOS'));
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().properties.calculationSetId).toBe(office.json().properties.calculationSetId);
      // The same key and body under the second brand: that brand's own answer (its lists do not
      // include the first brand's), never the first brand's set replayed.
      key = newKey();
      expect((await post(laptopsOf('SE-NOS'), under('SE-NOS'))).statusCode).toBe(201);
      const sameBody = await post(laptopsOf('SE-NOS'), under('SE-NML'));
      expect(sameBody.headers['idempotent-replayed']).toBeUndefined();
      expect(sameBody.statusCode).toBe(400);
    });

    it('answers a repeat from a record kept before keys had a scope', async () => {
      const key = newKey();
      const first = await post(saveBody(), withKey(erik, key));
      expect(first.statusCode).toBe(201);
      // As migration 029 left the records kept before it.
      await t.db.query(`update idempotency_keys set scope = '' where key = $1`, [key]);
      const before = await countSets();
      const again = await post(saveBody(), withKey(erik, key));
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await countSets()).toBe(before);
    });

    it('takes the same key on another address as another key', async () => {
      const key = newKey();
      const created = await post(saveBody(), withKey(erik, key));
      expect(created.statusCode).toBe(201);
      const variant = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${created.json().properties.calculationSetId}/calculationVariant`,
        headers: withKey(erik, key),
        payload: { calculationVariant: saveBody().calculationVariant },
      });
      expect(variant.statusCode, variant.body).toBe(201);
      expect(variant.headers['idempotent-replayed']).toBeUndefined();
    });

    it("keeps one user's key apart from another's", async () => {
      const key = newKey();
      const a = await post(saveBody(), withKey(erik, key));
      const b = await post(saveBody(), withKey(maja, key));
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(b.headers['idempotent-replayed']).toBeUndefined();
      expect(b.json().properties.calculationSetId).not.toBe(a.json().properties.calculationSetId);
      // Maja's repeat replays Maja's answer.
      const c = await post(saveBody(), withKey(maja, key));
      expect(c.headers['idempotent-replayed']).toBe('true');
    });

    it('replays a final refusal (400) without acting again', async () => {
      const key = newKey();
      const before = await countSets();
      // Refused before the service's transaction: an unknown product.
      const body = saveBody({ productId: 'SE-NOS-XX' });
      const first = await post(body, withKey(erik, key));
      expect(first.statusCode).toBe(400);
      const again = await post(body, withKey(erik, key));
      expect(again.statusCode).toBe(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.json()).toEqual(first.json());
      // Refused inside it: the last variant of a set cannot be deleted.
      const set = await create();
      const deleteKey = newKey();
      const refused = await del(set.href, withKey(erik, deleteKey));
      expect(refused.json()).toMatchObject({ status: 400, errorKeys: ['lastVariant'] });
      const refusedAgain = await del(set.href, withKey(erik, deleteKey));
      expect(refusedAgain.headers['idempotent-replayed']).toBe('true');
      expect(refusedAgain.json()).toEqual(refused.json());
      expect(await countSets()).toBe(before + 1);
    });

    it('answers an update replayed with its first If-Match with the first answer, not 412', async () => {
      const set = await create();
      const key = newKey();
      const body = saveBody({ name: 'Changed offline' });
      const headers = { ...withKey(erik, key), 'if-match': set.etag };
      const first = await put(set.href, body, headers);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers.etag).not.toBe(set.etag);
      const again = await put(set.href, body, headers);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.json()).toEqual(first.json());
      const [row] = await t.db.query<{ version: number }>(
        'select version from calculation_variants where id = $1',
        [set.variantId],
      );
      expect(row!.version).toBe(2);
      // Without the key the same request is now a conflict.
      expect((await put(set.href, body, { ...erik, 'if-match': set.etag })).statusCode).toBe(412);
    });

    it('does not keep a 412: the same key with the current ETag then succeeds', async () => {
      const set = await create();
      const key = newKey();
      const body = saveBody({ name: 'Changed again' });
      const stale = await put(set.href, body, { ...withKey(erik, key), 'if-match': '"stale.0"' });
      expect(stale.statusCode).toBe(412);
      expect(await record(key)).toBeUndefined();
      const fresh = await put(set.href, body, { ...withKey(erik, key), 'if-match': set.etag });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    });

    it('replays applicant and object-list updates, added and deleted variants', async () => {
      const set = await create();
      const applicantKey = newKey();
      const applicantUrl = `${set.href}/applicant`;
      const applicant = demoApplicant('Ny Kund AB', 'SE');
      const a1 = await put(applicantUrl, applicant, withKey(erik, applicantKey));
      expect(a1.statusCode, a1.body).toBe(200);
      const a2 = await put(applicantUrl, applicant, withKey(erik, applicantKey));
      expect(a2.headers['idempotent-replayed']).toBe('true');
      expect(a2.headers.etag).toBe(a1.headers.etag);

      const objectsKey = newKey();
      const objects = {
        financingObjects: [
          {
            objectId: 'OT-COPIER',
            manufacturerId: 'M-CANON',
            details: 'x',
            netPricePerItemAmount: 4_000,
            quantity: 3,
          },
        ],
      };
      const o1 = await put(`${set.href}/object-list`, objects, withKey(erik, objectsKey));
      expect(o1.statusCode, o1.body).toBe(200);
      const o2 = await put(`${set.href}/object-list`, objects, withKey(erik, objectsKey));
      expect(o2.headers['idempotent-replayed']).toBe('true');
      expect(o2.json()).toEqual(o1.json());

      const addKey = newKey();
      const addUrl = `/api/calculationSets/${set.setId}/calculationVariant`;
      const add = () =>
        t.app.inject({
          method: 'POST',
          url: addUrl,
          headers: withKey(erik, addKey),
          payload: { copyOf: set.variantId },
        });
      const v1 = await add();
      expect(v1.statusCode, v1.body).toBe(201);
      const v2 = await add();
      expect(v2.headers['idempotent-replayed']).toBe('true');
      expect(v2.headers.location).toBe(v1.headers.location);
      const count = async () =>
        (await t.db.query('select 1 from calculation_variants where calculation_set_id = $1', [set.setId]))
          .length;
      expect(await count()).toBe(2);

      const deleteKey = newKey();
      const d1 = await del(v1.headers.location as string, withKey(erik, deleteKey));
      expect(d1.statusCode).toBe(204);
      expect(d1.body).toBe('');
      const d2 = await del(v1.headers.location as string, withKey(erik, deleteKey));
      expect(d2.statusCode).toBe(204);
      expect(d2.headers['idempotent-replayed']).toBe('true');
      expect(d2.body).toBe('');
      expect(await count()).toBe(1);
    });

    it('makes one document of a replayed upload, and replays its deletion', async () => {
      const set = await create();
      const key = newKey();
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
      );
      const upload = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/calculationSets/${set.setId}/documents/base64?documentType=other`,
          headers: withKey(erik, key),
          payload: { fileName: 'offer.pdf', fileContent: pdf.toString('base64') },
        });
      const first = await upload();
      expect(first.statusCode, first.body).toBe(201);
      const again = await upload();
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const documents = async () =>
        (await t.db.query('select id from documents where calculation_set_id = $1', [set.setId])).length;
      expect(await documents()).toBe(1);

      const deleteKey = newKey();
      const documentUrl = `/api/documents/${first.json().properties.documentId as string}`;
      expect((await del(documentUrl, withKey(erik, deleteKey))).statusCode).toBe(204);
      const deletedAgain = await del(documentUrl, withKey(erik, deleteKey));
      expect(deletedAgain.statusCode).toBe(204);
      expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
      expect(await documents()).toBe(0);
    });

    it('leaves requests without the header as they were, and refuses a key over 100 characters', async () => {
      const before = await countSets();
      expect((await post(saveBody(), erik)).headers['idempotent-replayed']).toBeUndefined();
      expect((await post(saveBody(), erik)).statusCode).toBe(201);
      expect(await countSets()).toBe(before + 2);
      const long = await post(saveBody(), withKey(erik, 'k'.repeat(101)));
      expect(long.statusCode).toBe(400);
      expect(long.json().type).toBe('/problems/validation');
      expect(await countSets()).toBe(before + 2);
      expect((await post(saveBody(), withKey(erik, 'k'.repeat(100)))).statusCode).toBe(201);
    });
  });

  describe('concurrency', () => {
    (kind === 'postgres' ? it : noTest)(
      'answers 409 to a repeat while the first request still runs, then the first answer',
      async () => {
        const key = newKey();
        const before = await countSets();
        // Hold the brand row: the create's insert (its foreign key) waits for it mid-transaction.
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        let holding!: () => void;
        const held = new Promise<void>((r) => (holding = r));
        const holder = t.db.tx(async (q) => {
          await q.query(`select 1 from brands where id = 'SE-NOS' for update`);
          holding();
          await released;
        });
        await held;
        const first = post(saveBody(), withKey(erik, key));
        for (let i = 0; i < 200; i++) {
          const [w] = await t.db.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (Number(w!.n) > 0) break;
          await new Promise((r) => setTimeout(r, 25));
        }
        const second = await post(saveBody(), withKey(erik, key));
        expect(second.statusCode).toBe(409);
        expect(second.json()).toMatchObject({ type: '/problems/idempotency-conflict', status: 409 });
        release();
        await holder;
        const firstAnswer = await first;
        expect(firstAnswer.statusCode, firstAnswer.body).toBe(201);
        const third = await post(saveBody(), withKey(erik, key));
        expect(third.statusCode).toBe(201);
        expect(third.headers['idempotent-replayed']).toBe('true');
        expect(third.json()).toEqual(firstAnswer.json());
        expect(await countSets()).toBe(before + 1);
      },
    );

    it('makes one set of two requests sent at once with one key', async () => {
      const key = newKey();
      const before = await countSets();
      const answers = await Promise.all([
        post(saveBody(), withKey(erik, key)),
        post(saveBody(), withKey(erik, key)),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      // PGlite runs one transaction at a time: the second waits and is replayed. PostgreSQL may
      // also answer 409 when both overlap.
      if (kind === 'pglite') expect(statuses).toEqual([201, 201]);
      else expect([[201, 201].join(), [201, 409].join()]).toContain(statuses.join());
      const fresh = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
      expect(fresh).toHaveLength(1);
      expect(await countSets()).toBe(before + 1);
    });
  });

  describe('the helper', () => {
    let probe: FastifyInstance;
    let userId: string;
    let runs = 0;
    beforeAll(async () => {
      await t.db.query('create table if not exists idem_probe (v text not null)');
      [{ id: userId }] = (await t.db.query<{ id: string }>(
        `select u.id from users u join accounts a on a.id = u.account_id where a.email = $1`,
        [DEMO.erik],
      )) as [{ id: string }];
      probe = Fastify();
      probe.decorateRequest('caller', null);
      probe.addHook('onRequest', (req, _reply, done) => {
        req.caller = { user: { id: userId } } as Caller;
        done();
      });
      registerErrorHandling(probe);
      registerIdempotency(probe, t.db);
      probe.post<{ Body: { v: string; then?: string } }>(
        '/probe',
        { config: { idempotent: true } },
        async (req) => {
          runs++;
          if (req.body.then === 'no-tx') return { v: req.body.v, seen: 0 };
          await t.db.tx((q) => q.query('insert into idem_probe (v) values ($1)', [req.body.v]));
          if (req.body.then === 'throw') throw new Error('boom');
          if (req.body.then === '412') throw versionMismatch('"1"', {});
          if (req.body.then === 'fail-inside') {
            // A failed nested transaction rolls back to its savepoint; the request goes on.
            await t.db
              .tx(async (q) => {
                await q.query('insert into idem_probe (v) values ($1)', [`${req.body.v}-lost`]);
                await q.query('select 1 / 0');
              })
              .catch(() => undefined);
          }
          // Joined: sees its own uncommitted insert (on PGlite it would otherwise wait for ever).
          const [seen] = await t.db.query<{ n: string }>(
            'select count(*) as n from idem_probe where v = $1',
            [req.body.v],
          );
          return { v: req.body.v, seen: Number(seen!.n) };
        },
      );
      await probe.ready();
    });
    afterAll(() => probe.close());

    const send = (body: object, key?: string) =>
      probe.inject({
        method: 'POST',
        url: '/probe',
        payload: body,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const rows = async (v: string) =>
      (await t.db.query<{ v: string }>('select v from idem_probe where v like $1', [`${v}%`])).map(
        (r) => r.v,
      );

    it('keeps no record and no effect of a thrown error; a repeat runs again', async () => {
      const key = newKey();
      const before = runs;
      const first = await send({ v: 'boom', then: 'throw' }, key);
      expect(first.statusCode).toBe(500);
      expect(first.json().type).toBe('/problems/internal');
      expect(await record(key)).toBeUndefined();
      expect(await rows('boom')).toEqual([]);
      expect((await send({ v: 'boom', then: 'throw' }, key)).statusCode).toBe(500);
      expect(runs).toBe(before + 2);
    });

    it('keeps no 412 and rolls its effect back', async () => {
      const key = newKey();
      expect((await send({ v: 'stale', then: '412' }, key)).statusCode).toBe(412);
      expect(await record(key)).toBeUndefined();
      expect(await rows('stale')).toEqual([]);
    });

    it('runs nested transactions as savepoints and joins queries', async () => {
      const key = newKey();
      const before = runs;
      const first = await send({ v: 'nested', then: 'fail-inside' }, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ v: 'nested', seen: 1 });
      expect(await rows('nested')).toEqual(['nested']);
      const again = await send({ v: 'nested', then: 'fail-inside' }, key);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(runs).toBe(before + 1);
      expect(await rows('nested')).toEqual(['nested']);
    });

    it('db.withAmbient joins a given transaction, and nothing joins after it', async () => {
      let leaked: Promise<unknown> | undefined;
      await expect(
        t.db.tx(async (q) => {
          await t.db.withAmbient(q, async () => {
            await t.db.tx((inner) => inner.query(`insert into idem_probe (v) values ('ambient')`));
            const seen = await t.db.query(`select 1 from idem_probe where v = 'ambient'`);
            expect(seen).toHaveLength(1);
            // Work started here and run later must not use the finished transaction.
            leaked = new Promise((r) => setTimeout(r, 50)).then(() => t.db.tx((x) => x.query('select 1')));
          });
          throw new Error('roll back the outer transaction');
        }),
      ).rejects.toThrow('roll back');
      // The nested db.tx was part of the outer transaction: rolled back with it.
      expect(await rows('ambient')).toEqual([]);
      await expect(leaked).resolves.toHaveLength(1);
    });

    it('keeps the answer of a handler that never opened a transaction', async () => {
      const key = newKey();
      const before = runs;
      const first = await send({ v: 'no-tx', then: 'no-tx' }, key);
      expect(first.statusCode).toBe(200);
      expect(await record(key)).toMatchObject({ state: 'done', status: 200 });
      const again = await send({ v: 'no-tx', then: 'no-tx' }, key);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(runs).toBe(before + 1);
    });

    it('runs every time without a key', async () => {
      const before = runs;
      await send({ v: 'plain' });
      await send({ v: 'plain' });
      expect(runs).toBe(before + 2);
      expect(await rows('plain')).toEqual(['plain', 'plain']);
    });

    (kind === 'postgres' ? it : noTest)(
      'answers 409 while the advisory lock of the key is held',
      async () => {
        const key = newKey();
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        let holding!: () => void;
        const held = new Promise<void>((r) => (holding = r));
        const holder = t.db.tx(async (q) => {
          await q.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
            lockKeyText({ userId, scope: keyScope(undefined, 'POST', '/probe') }, key),
          ]);
          holding();
          await released;
        });
        await held;
        const res = await send({ v: 'locked' }, key);
        release();
        await holder;
        expect(res.statusCode).toBe(409);
        expect(await rows('locked')).toEqual([]);
        expect((await send({ v: 'locked' }, key)).statusCode).toBe(200);
      },
    );
  });
});
