import { generateKeyPairSync, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { openTestDb } from '../../test/harness';
import { startJobs, type Jobs } from '../../jobs/queue';
import { SEND_MAIL_JOB, sendMailJob } from '../mail/outbox';
import { injectFetch } from '../inject-fetch';
import { docuSignJwtGrant, DocuSignAuthError, type DocuSignJwtGrantOptions } from './docusign-auth';
import { docuSignClient } from './docusign-client';
import type { EnvelopeRecipient } from './port';
import { registerESignatureSimulator } from './simulator';

/** DocuSign shows an integration key's private key as PKCS#1; the simulator gets the public half. */
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
const keys = rsa();
const AUTH_URL = 'http://esign.test/esign-sim';
const START = Date.parse('2030-01-02T03:04:05Z');
const MINUTE = 60_000;

const envelope = {
  emailSubject: 'Please sign',
  document: { name: 'contract.pdf', bytes: new TextEncoder().encode('%PDF-1.7 test') },
  recipients: [
    {
      recipientId: '1',
      name: 'Anna Test',
      email: 'anna@kund.example',
      routingOrder: 1,
      roleName: 'customer',
    },
  ] satisfies EnvelopeRecipient[],
};

describe('DocuSign JWT grant against the simulator', () => {
  let db: Db;
  let jobs: Jobs;
  const closing: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    db = await openTestDb('pglite');
    // The simulator mails the signers, as DocuSign does.
    jobs = await startJobs(db, { [SEND_MAIL_JOB]: sendMailJob(db) }, Fastify().log);
  });
  afterAll(async () => {
    for (const close of closing) await close();
    await jobs.stop(1000);
    await db.close();
  });

  /**
   * The simulator as token endpoint and REST API, reached in process, with clocks of its own
   * and of the client (`advance` moves both) and a record of the token requests.
   */
  async function world(lifetime?: number) {
    const app = Fastify();
    closing.push(() => app.close());
    const clock = { client: START, simulator: START };
    const ids = { integrationKey: randomUUID(), userId: randomUUID() };
    await registerESignatureSimulator(app, db, {
      publicUrl: 'http://portal.test',
      hmacSecret: 'a-secret-of-sixteen-or-more',
      jwtGrant: { ...ids, publicKey: keys.publicKey, audience: 'esign.test', tokenLifetimeSeconds: lifetime },
      now: () => clock.simulator,
      deliver: () => Promise.resolve(),
    });
    const inject = injectFetch(app);
    const grants: URLSearchParams[] = [];
    const state = { down: false };
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/oauth/token')) {
        grants.push(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
        if (state.down) return new Response('Service Unavailable', { status: 503 });
      }
      return inject(input, init);
    };
    const source = (options: Partial<DocuSignJwtGrantOptions> = {}) =>
      docuSignJwtGrant({
        authUrl: AUTH_URL,
        ...ids,
        privateKey: keys.privateKey,
        fetch,
        now: () => clock.client,
        ...options,
      });
    const client = (accessToken: ReturnType<typeof source>) =>
      docuSignClient({ baseUrl: `${AUTH_URL}/restapi`, accountId: 'portal-test', accessToken, fetch });
    const advance = (ms: number) => {
      clock.client += ms;
      clock.simulator += ms;
    };
    return { clock, advance, ids, grants, state, source, client };
  }

  it('trades a signed assertion for an access token the REST API takes', async () => {
    const w = await world();
    const service = w.client(w.source());
    const { envelopeId } = await service.createEnvelope(envelope);
    expect(new TextDecoder().decode(await service.combinedDocument(envelopeId))).toBe('%PDF-1.7 test');
    await service.voidEnvelope(envelopeId, 'test');
    expect(w.grants).toHaveLength(1);

    const form = w.grants[0]!;
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const assertion = form.get('assertion')!;
    expect(decodeProtectedHeader(assertion)).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(decodeJwt(assertion)).toEqual({
      iss: w.ids.integrationKey,
      sub: w.ids.userId,
      aud: 'esign.test',
      scope: 'signature impersonation',
      iat: START / 1000,
      exp: START / 1000 + 3600,
    });
  });

  it('the REST API refuses callers without a token it issued', async () => {
    const w = await world();
    const stranger = docuSignJwtGrant({
      authUrl: AUTH_URL,
      ...w.ids,
      privateKey: keys.privateKey,
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ access_token: 'made-up', token_type: 'Bearer', expires_in: 3600 })),
        ),
    });
    await expect(w.client(stranger).combinedDocument(randomUUID())).rejects.toThrow(/answered 401/);
  });

  it('keeps the token and renews it in the last 10 % of its life (a one-hour token: 6 minutes)', async () => {
    const w = await world(3600);
    const source = w.source();
    const first = await source();
    w.advance(53 * MINUTE);
    expect(await source()).toBe(first);
    expect(w.grants).toHaveLength(1);
    w.advance(1.5 * MINUTE);
    const second = await source();
    expect(second).not.toBe(first);
    expect(w.grants).toHaveLength(2);
    // The renewed token counts its hour from its own grant.
    w.advance(53 * MINUTE);
    expect(await source()).toBe(second);
    await expect(w.client(source).createEnvelope(envelope)).resolves.toHaveProperty('envelopeId');
    expect(w.grants).toHaveLength(2);
  });

  it('renews a long-lived token 10 minutes before it expires, a short one in its last 10 %', async () => {
    const long = await world(8 * 3600);
    const eightHours = long.source();
    const first = await eightHours();
    long.advance(8 * 60 * MINUTE - 10.5 * MINUTE);
    expect(await eightHours()).toBe(first);
    long.advance(1 * MINUTE);
    expect(await eightHours()).not.toBe(first);

    const short = await world(100);
    const hundredSeconds = short.source();
    const token = await hundredSeconds();
    short.advance(89_000);
    expect(await hundredSeconds()).toBe(token);
    short.advance(2_000);
    const renewed = await hundredSeconds();
    expect(renewed).not.toBe(token);
    expect(short.grants).toHaveLength(2);
    await expect(short.client(hundredSeconds).createEnvelope(envelope)).resolves.toHaveProperty('envelopeId');
  });

  it('concurrent callers share one token request', async () => {
    const w = await world(3600);
    const source = w.source();
    const tokens = await Promise.all(Array.from({ length: 8 }, () => source()));
    expect(new Set(tokens).size).toBe(1);
    expect(w.grants).toHaveLength(1);

    w.advance(55 * MINUTE);
    const service = w.client(source);
    const [renewed] = await Promise.all([
      source(),
      service.createEnvelope(envelope),
      service.createEnvelope(envelope),
      source(),
    ]);
    expect(renewed).not.toBe(tokens[0]);
    expect(w.grants).toHaveLength(2);
  });

  it('a failed renewal keeps the token while it is valid, and is an error once it expired', async () => {
    const w = await world(3600);
    const source = w.source();
    const token = await source();
    w.advance(57 * MINUTE);
    w.state.down = true;
    expect(await source()).toBe(token);
    expect(w.grants).toHaveLength(2);
    w.advance(3 * MINUTE);
    const expired = await source().catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(DocuSignAuthError);
    expect(expired).toMatchObject({ code: 'invalidResponse', status: 503 });
    await expect(w.client(source).createEnvelope(envelope)).rejects.toThrow(/answered 503/);
    w.state.down = false;
    expect(await source()).not.toBe(token);
  });

  it('a token the REST API refuses (401) is dropped: the next call gets a new one', async () => {
    const w = await world(600);
    const source = w.source();
    const service = w.client(source);
    await service.createEnvelope(envelope);
    // The service ends the token early (its clock ahead, or revoked): the client still holds it.
    w.clock.simulator += 11 * MINUTE;
    await expect(service.createEnvelope(envelope)).rejects.toThrow(/answered 401/);
    expect(w.grants).toHaveLength(1);
    await expect(service.createEnvelope(envelope)).resolves.toHaveProperty('envelopeId');
    expect(w.grants).toHaveLength(2);
  });

  it('refuses a wrong key, audience, integration key or user with a clear error', async () => {
    const w = await world();
    const refusal = async (options: Partial<DocuSignJwtGrantOptions>) => {
      const error = await w
        .source(options)()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DocuSignAuthError);
      return error as DocuSignAuthError;
    };
    const wrongKey = await refusal({ privateKey: rsa().privateKey });
    expect(wrongKey).toMatchObject({ code: 'invalid_grant', status: 400 });
    expect(wrongKey.message).toBe(
      'DocuSign JWT grant refused (400 invalid_grant: no_valid_keys_or_signatures)',
    );
    expect((await refusal({ authUrl: 'http://account-d.docusign.invalid/esign-sim' })).message).toMatch(
      /invalid_grant: invalid audience/,
    );
    expect((await refusal({ integrationKey: randomUUID() })).message).toMatch(/issuer_not_found/);
    expect((await refusal({ userId: randomUUID() })).message).toMatch(/user_not_found/);
    expect((await refusal({ assertionLifetimeSeconds: 7200 })).message).toMatch(/more than an hour/);
    expect((await refusal({ scope: 'signature' })).message).toMatch(/scope/);
    expect(await refusal({ privateKey: 'not a key' })).toMatchObject({ code: 'invalidKey' });

    // Refusals are not cached: every call asks again, and the REST call reports it.
    const refused = w.source({ privateKey: rsa().privateKey });
    const before = w.grants.length;
    await expect(w.client(refused).createEnvelope(envelope)).rejects.toThrow(/no_valid_keys_or_signatures/);
    await expect(refused()).rejects.toThrow(DocuSignAuthError);
    expect(w.grants.length).toBe(before + 2);
  });

  it('names the consent a user has not given, and a token answer without a token', async () => {
    const answering =
      (status: number, body: unknown): typeof fetch =>
      () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
        );
    const source = (fetch: typeof globalThis.fetch) =>
      docuSignJwtGrant({
        authUrl: 'https://account-d.docusign.com',
        integrationKey: 'ik',
        userId: 'user',
        privateKey: keys.privateKey,
        fetch,
      });
    await expect(source(answering(400, { error: 'consent_required' }))()).rejects.toThrow(
      /consent_required.*user user has to grant consent to integration key ik/,
    );
    await expect(source(answering(200, { token_type: 'Bearer', expires_in: 3600 }))()).rejects.toMatchObject({
      code: 'invalidResponse',
    });
  });
});

describe('timeouts', () => {
  const hanging = Fastify({ forceCloseConnections: true });
  let origin: string;
  beforeAll(async () => {
    // Takes the requests and never answers.
    hanging.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    hanging.post('/oauth/token', () => new Promise(() => undefined));
    hanging.get('/restapi/*', () => new Promise(() => undefined));
    origin = await hanging.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => hanging.close());

  it('a token endpoint that does not answer is a timeout error', async () => {
    const started = Date.now();
    const error = await docuSignJwtGrant({
      authUrl: origin,
      integrationKey: randomUUID(),
      userId: randomUUID(),
      privateKey: keys.privateKey,
      timeoutMs: 300,
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocuSignAuthError);
    expect(error).toMatchObject({
      code: 'timeout',
      message: `DocuSign JWT grant: no answer from ${origin}/oauth/token within 300 ms`,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a REST API that does not answer is a timeout error', async () => {
    const service = docuSignClient({
      baseUrl: `${origin}/restapi`,
      accountId: 'portal-test',
      accessToken: () => 'token',
      timeoutMs: 300,
    });
    await expect(service.combinedDocument('e1')).rejects.toThrow(
      `e-signature service: GET ${origin}/restapi/v2.1/accounts/portal-test/envelopes/e1/documents/combined: no answer within 300 ms`,
    );
  });
});
