import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { registerSecurityHeaders } from '../../plugins/security-headers';
import { DB_KINDS, openTestDb } from '../../test/harness';
import { createBankIdClient, mutualTlsFetch } from './client';
import { bankIdAppUrl, bankIdConfigFromEnv, createBankId } from './factory';
import { BankIdError, type BankId } from './port';
import { isCurrentQrCode, parseQrCode, qrCode, qrSeconds } from './qr';
import { registerBankIdSimulator, SIMULATOR_KEY_HEADER, type BankIdSimulator } from './simulator';

/** The simulator's API key on every call (the certificate tests run it behind TLS too). */
const SIM_KEY = 'test-relying-party';
const keyed =
  (base: typeof fetch): typeof fetch =>
  (input, init) =>
    base(input, {
      ...init,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), [SIMULATOR_KEY_HEADER]: SIM_KEY },
    });
import { isPersonalNumber, verifySimulatedSignature } from './simulator-signer';

// Valid Swedish personal identity numbers (check digit included).
const ANNA = '198112289874';
const ERIK = '199001011239';
const TEXT = 'Leasingavtal 4711 för Nordic Office Supply AB <b>& "kopiator"</b>\nMånadshyra 1 234 kr';

async function expectBankIdError(call: Promise<unknown>, errorCode: string) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BankIdError);
  expect((error as BankIdError).errorCode).toBe(errorCode);
  return error as BankIdError;
}

describe('BankID QR code', () => {
  // The worked example of BankID's QR code guide.
  const token = '67df3917-fa0d-44e5-b327-edcc928297f8';
  const secret = 'd28db9a7-4cde-429e-a983-359be676944c';

  it('matches the public test vector', () => {
    expect(qrCode(token, secret, 0)).toBe(
      `bankid.${token}.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8`,
    );
    expect(qrCode(token, secret, 1)).toBe(
      `bankid.${token}.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2`,
    );
    expect(qrCode(token, secret, 2)).toBe(
      `bankid.${token}.2.a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3`,
    );
  });

  it('changes every second and is checked against its time', () => {
    const codes = [0, 1, 2, 3].map((s) => qrCode(token, secret, qrSeconds(1_000, 1_000 + s * 1000 + 999)));
    expect(new Set(codes).size).toBe(4);
    const scanned = parseQrCode(codes[2]!)!;
    expect(scanned).toEqual({
      qrStartToken: token,
      seconds: 2,
      authCode: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const order = { qrStartToken: token, qrStartSecret: secret };
    expect(isCurrentQrCode(scanned, order, 2)).toBe(true);
    expect(isCurrentQrCode(scanned, order, 3)).toBe(true);
    expect(isCurrentQrCode(scanned, order, 4)).toBe(false);
    expect(isCurrentQrCode(scanned, { ...order, qrStartSecret: 'another' }, 2)).toBe(false);
    expect(parseQrCode('bankid.x.1.zz')).toBeUndefined();
    expect(() => qrCode(token, secret, -1)).toThrow(RangeError);
  });
});

describe.each(DB_KINDS)('BankID client against the simulator (%s)', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let sim: BankIdSimulator;
  let origin: string;
  let bankId: BankId;
  let now = Date.UTC(2025, 2, 14, 9, 30);
  const key = 'simulator key of the tests';

  beforeAll(async () => {
    db = await openTestDb(kind);
    app = Fastify({ logger: false });
    // The portal's headers, to see the pages keep working under its CSP.
    registerSecurityHeaders(app, {
      publicUrl: 'http://127.0.0.1',
      oidc: { issuer: 'http://127.0.0.1/oidc' },
      devOrigins: [],
    } as unknown as Config);
    sim = await registerBankIdSimulator(app, db, { clock: () => now, signingKey: key });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    origin = `http://127.0.0.1:${address.port}`;
    bankId = createBankId({ mode: 'simulator' }, { simulatorOrigin: origin, simulatorKey: sim.apiKey });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  beforeEach(() => {
    now += 10 * 60_000; // every test starts with the orders of the others long ended
  });

  const sign = (personalNumber?: string) =>
    bankId.sign({ endUserIp: '192.0.2.10', userVisibleData: TEXT, personalNumber });
  const openApp = (autoStartToken: string) => fetch(`${origin}${sim.appPath(autoStartToken)}`);
  const scanQr = (code: string) => fetch(`${origin}${sim.prefix}/app/qr?code=${encodeURIComponent(code)}`);
  const sessionOf = (page: string) => /name="session" value="([^"]+)"/.exec(page)![1]!;
  const post = (action: 'approve' | 'cancel', form: Record<string, string>) =>
    fetch(`${origin}${sim.prefix}/app/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  it('starts an order with the four values of the API', async () => {
    const order = await sign();
    for (const k of ['orderRef', 'autoStartToken', 'qrStartToken', 'qrStartSecret'] as const)
      expect(order[k]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(Object.values(order)).size).toBe(4);
  });

  it('walks the hint codes: outstandingTransaction, userSign after the app opened, then complete', async () => {
    const order = await sign();
    expect(await bankId.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
    now += 3_000;
    expect(await bankId.collect(order.orderRef)).toMatchObject({ hintCode: 'outstandingTransaction' });

    const page = await openApp(order.autoStartToken);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(await bankId.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'userSign',
    });

    now += 5_000;
    const done = await post('approve', { session: sessionOf(html), personalNumber: ANNA });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Signed');

    const collected = await bankId.collect(order.orderRef);
    expect(collected.status).toBe('complete');
    if (collected.status !== 'complete') return;
    const data = collected.completionData;
    expect(data.user).toEqual({
      personalNumber: ANNA,
      name: `${data.user.givenName} ${data.user.surname}`,
      givenName: expect.any(String),
      surname: expect.any(String),
    });
    expect(data.device.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(data.bankIdIssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const xml = Buffer.from(data.signature, 'base64').toString('utf8');
    expect(xml).toContain('Not a BankID signature');
    expect(xml).toContain(`<PersonalNumber>${ANNA}</PersonalNumber>`);
    expect(xml).toContain(Buffer.from(TEXT).toString('base64'));
    expect(verifySimulatedSignature(data.signature, key)).toBe(true);
    expect(verifySimulatedSignature(data.signature, 'another key')).toBe(false);
    const forged = Buffer.from(xml.replace(ANNA, ERIK)).toString('base64');
    expect(verifySimulatedSignature(forged, key)).toBe(false);
    expect(Buffer.from(data.ocspResponse, 'base64').toString()).toContain('SIMULATED');

    // An ended order keeps answering its end; its page no longer signs.
    expect((await bankId.collect(order.orderRef)).status).toBe('complete');
    expect((await openApp(order.autoStartToken)).status).toBe(410);
    expect((await post('approve', { session: sessionOf(html), personalNumber: ANNA })).status).toBe(410);
  });

  it('shows the text to sign on the app page, escaped, under the portal CSP', async () => {
    const order = await bankId.sign({
      endUserIp: '2001:db8::1',
      userVisibleData: TEXT,
      userNonVisibleData: 'sha256:abc',
      personalNumber: ERIK,
    });
    const res = await openApp(order.autoStartToken);
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain(
      'Leasingavtal 4711 för Nordic Office Supply AB &lt;b&gt;&amp; &quot;kopiator&quot;&lt;/b&gt;\nMånadshyra 1 234 kr',
    );
    expect(html).not.toContain('<b>&');
    expect(html).toContain('You also sign data that is not shown.');
    // Prefilled with the order's personal number; nothing the CSP would block.
    expect(html).toMatch(new RegExp(`name="personalNumber" value="${ERIK}"`));
    expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:|https?:\/\//i);
    expect(html).toContain(`action="${sim.prefix}/app/approve"`);
    expect(html).toContain(`formaction="${sim.prefix}/app/cancel"`);
  });

  it('refuses a personal number other than the order asks for, and an invalid one', async () => {
    const order = await sign(ERIK);
    const session = sessionOf(await (await openApp(order.autoStartToken)).text());
    const other = await post('approve', { session, personalNumber: ANNA });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain('This order is for another person.');
    const invalid = await post('approve', { session, personalNumber: '199001011238' });
    expect(invalid.status).toBe(400);
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: 'pending', hintCode: 'userSign' });
    expect((await post('approve', { session, personalNumber: ERIK })).status).toBe(200);
    expect(await bankId.collect(order.orderRef)).toMatchObject({
      status: 'complete',
      completionData: { user: { personalNumber: ERIK } },
    });
  });

  it('fails userCancel when the signer cancels in the app', async () => {
    const order = await sign();
    const session = sessionOf(await (await openApp(order.autoStartToken)).text());
    const res = await post('cancel', { session });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Nothing was signed');
    expect(await bankId.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: 'failed',
      hintCode: 'userCancel',
    });
  });

  it('fails cancelled when the portal cancels; cancelling again changes nothing', async () => {
    const order = await sign();
    await expect(bankId.cancel(order.orderRef)).resolves.toBeUndefined();
    expect(await bankId.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: 'failed',
      hintCode: 'cancelled',
    });
    await bankId.cancel(order.orderRef);
    expect(await bankId.collect(order.orderRef)).toMatchObject({ hintCode: 'cancelled' });
    expect((await openApp(order.autoStartToken)).status).toBe(410);
  });

  it('answers alreadyInProgress to a second order for the same person and ends the first', async () => {
    const first = await sign(ANNA);
    const other = await sign(ERIK);
    const error = await expectBankIdError(sign(ANNA), 'alreadyInProgress');
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(await bankId.collect(first.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
    expect(await bankId.collect(other.orderRef)).toMatchObject({ status: 'pending' });
    // With the first one ended, the person can start again.
    const again = await sign(ANNA);
    expect(await bankId.collect(again.orderRef)).toMatchObject({ status: 'pending' });
  });

  it('expires an order whose app was not opened within 30 s; an opened one waits for the signer', async () => {
    const idle = await sign();
    const opened = await sign();
    await openApp(opened.autoStartToken);
    now += 29_000;
    expect(await bankId.collect(idle.orderRef)).toMatchObject({ status: 'pending' });
    now += 2_000;
    expect(await bankId.collect(idle.orderRef)).toEqual({
      orderRef: idle.orderRef,
      status: 'failed',
      hintCode: 'expiredTransaction',
    });
    expect((await openApp(idle.autoStartToken)).status).toBe(410);
    expect(await bankId.collect(opened.orderRef)).toMatchObject({ status: 'pending', hintCode: 'userSign' });
    now += 150_000;
    expect(await bankId.collect(opened.orderRef)).toMatchObject({
      status: 'failed',
      hintCode: 'expiredTransaction',
    });
    // Ended orders are forgotten after a while, like any unknown one.
    now += 5 * 60_000;
    await expectBankIdError(bankId.collect(opened.orderRef), 'invalidParameters');
  });

  it('opens the app with the current QR code and refuses a stale or forged one', async () => {
    const order = await sign();
    const startedAt = now; // the test's clock is the simulator's
    now += 5_400;
    const seconds = qrSeconds(startedAt, now);
    expect(seconds).toBe(5);
    const current = qrCode(order.qrStartToken, order.qrStartSecret, seconds);
    expect(current).not.toBe(qrCode(order.qrStartToken, order.qrStartSecret, seconds - 1));

    const stale = await scanQr(qrCode(order.qrStartToken, order.qrStartSecret, 2));
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('not valid');
    const forged = current.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await scanQr(forged)).status).toBe(400);
    const otherSecret = qrCode(order.qrStartToken, 'd28db9a7-4cde-429e-a983-359be676944c', seconds);
    expect((await scanQr(otherSecret)).status).toBe(400);
    expect((await scanQr('not a code')).status).toBe(400);
    expect(await bankId.collect(order.orderRef)).toMatchObject({ hintCode: 'outstandingTransaction' });

    // The code shown a second ago is still taken (it may have been scanned just before the tick).
    const justBefore = await scanQr(qrCode(order.qrStartToken, order.qrStartSecret, seconds - 1));
    expect(justBefore.status).toBe(200);
    const page = await scanQr(current);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Leasingavtal 4711');
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: 'pending', hintCode: 'userSign' });

    // Without a code the page asks for one.
    const ask = await fetch(`${origin}${sim.prefix}/app/qr`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('name="code"');
  });

  it('answers invalidParameters to an unknown orderRef and to a malformed order', async () => {
    const unknown = await expectBankIdError(
      bankId.collect('00000000-0000-4000-8000-000000000000'),
      'invalidParameters',
    );
    expect(unknown.status).toBe(400);
    await expectBankIdError(bankId.cancel('no-such-order'), 'invalidParameters');
    await expectBankIdError(
      bankId.sign({ endUserIp: 'localhost', userVisibleData: TEXT }),
      'invalidParameters',
    );
    await expectBankIdError(
      bankId.sign({ endUserIp: '192.0.2.1', userVisibleData: '' }),
      'invalidParameters',
    );
    await expectBankIdError(
      bankId.sign({ endUserIp: '192.0.2.1', userVisibleData: TEXT, personalNumber: '19900101123' }),
      'invalidParameters',
    );
    // The API's own error bodies, straight from HTTP; only the relying party (its key) gets in.
    const stranger = await fetch(`${origin}${sim.apiPath}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderRef: 'x' }),
    });
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toMatchObject({ errorCode: 'unauthorized' });
    const raw = await fetch(`${origin}${sim.apiPath}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIMULATOR_KEY_HEADER]: sim.apiKey },
      body: JSON.stringify({ endUserIp: '192.0.2.1', userVisibleData: 'not base64!' }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ errorCode: 'invalidParameters', details: 'Invalid userVisibleData.' });
    const notJson = await fetch(`${origin}${sim.apiPath}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIMULATOR_KEY_HEADER]: sim.apiKey },
      body: '{',
    });
    expect(await notJson.json()).toMatchObject({ errorCode: 'invalidParameters' });
    const wrongType = await fetch(`${origin}${sim.apiPath}/collect`, {
      method: 'POST',
      headers: { [SIMULATOR_KEY_HEADER]: sim.apiKey },
      body: 'orderRef=1',
    });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ errorCode: 'unsupportedMediaType' });
    expect((await openApp('unknown-token')).status).toBe(404);
  });

  it('reports an unreachable service as a retryable transportError', async () => {
    const nowhere = createBankIdClient({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 2_000 });
    const error = await expectBankIdError(nowhere.collect('x'), 'transportError');
    expect(error.retryable).toBe(true);
  });
});

describe('BankID factory', () => {
  it('reaches the simulator in-process through the server itself', async () => {
    const db = await openTestDb('pglite');
    const app = Fastify({ logger: false });
    const sim = await registerBankIdSimulator(app, db);
    await app.ready();
    try {
      const config = bankIdConfigFromEnv({});
      expect(config).toEqual({ mode: 'simulator' });
      const bankId = createBankId(config, { app, simulatorKey: sim.apiKey });
      const order = await bankId.sign({
        endUserIp: '192.0.2.7',
        userVisibleData: 'Avtal',
        personalNumber: ERIK,
      });
      expect(await bankId.collect(order.orderRef)).toMatchObject({ hintCode: 'outstandingTransaction' });
      const page = await app.inject(bankIdAppUrl(config, order.autoStartToken));
      expect(page.body).toContain('Avtal');
      const session = /name="session" value="([^"]+)"/.exec(page.body)![1]!;
      await app.inject({
        method: 'POST',
        url: '/bankid-sim/app/approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ session, personalNumber: ERIK }).toString(),
      });
      expect(await bankId.collect(order.orderRef)).toMatchObject({
        status: 'complete',
        completionData: { user: { personalNumber: ERIK } },
      });
      await expectBankIdError(bankId.collect('unknown'), 'invalidParameters');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('reads BANKID and BANKID_URL', () => {
    expect(
      bankIdConfigFromEnv({ BANKID: 'live', BANKID_URL: 'https://appapi2.test.bankid.com/rp/v6.0/' }),
    ).toEqual({
      mode: 'live',
      baseUrl: 'https://appapi2.test.bankid.com/rp/v6.0',
    });
    expect(() => bankIdConfigFromEnv({ BANKID: 'live' })).toThrow(/BANKID_URL/);
    expect(() => bankIdConfigFromEnv({ BANKID: 'other' })).toThrow();
    expect(bankIdAppUrl({ mode: 'live', baseUrl: 'x' }, 'a b')).toBe(
      'https://app.bankid.com/?autostarttoken=a%20b&redirect=null',
    );
  });

  it('validates personal identity numbers', () => {
    expect([ANNA, ERIK, '198507099805', '200001012384', '199001611230'].map(isPersonalNumber)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(['19900101123', '199013011237', '199001011238', 'abcdefghijkl'].some(isPersonalNumber)).toBe(
      false,
    );
  });
});

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasOpenssl)('BankID client over mutual TLS', () => {
  let dir: string;
  let db: Db;
  let app: FastifyInstance;
  let baseUrl: string;
  let serverCert: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bankid-tls-'));
    const f = (name: string) => path.join(dir, name);
    const selfSigned = (name: string, cn: string, extra: string[] = []) =>
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', f(`${name}.key`), '-out', f(`${name}.crt`), '-days', '2', '-subj', `/CN=${cn}`, ...extra,
      ], { stdio: 'ignore' }); // prettier-ignore
    selfSigned('server', '127.0.0.1', ['-addext', 'subjectAltName=IP:127.0.0.1']);
    for (const [name, cn] of [
      ['client', 'Partner portal RP'],
      ['stranger', 'Somebody else'],
    ]) {
      selfSigned(name!, cn!);
      execFileSync('openssl', [
        'pkcs12', '-export', '-inkey', f(`${name}.key`), '-in', f(`${name}.crt`), '-out', f(`${name}.p12`),
        '-passout', 'pass:qwerty123',
      ], { stdio: 'ignore' }); // prettier-ignore
    }
    serverCert = readFileSync(f('server.crt'));
    app = Fastify({
      logger: false,
      https: {
        key: readFileSync(f('server.key')),
        cert: serverCert,
        // Like BankID: only the relying party's certificate gets in.
        requestCert: true,
        rejectUnauthorized: true,
        ca: readFileSync(f('client.crt')),
      },
    });
    db = await openTestDb('pglite');
    const sim = await registerBankIdSimulator(app, db, { apiKey: SIM_KEY });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    baseUrl = `https://127.0.0.1:${address.port}${sim.apiPath}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('signs and collects with the relying party certificate', async () => {
    const bankId = createBankIdClient({
      baseUrl,
      fetch: keyed(
        mutualTlsFetch({
          pfx: readFileSync(path.join(dir, 'client.p12')),
          passphrase: 'qwerty123',
          ca: serverCert,
        }),
      ),
    });
    const order = await bankId.sign({ endUserIp: '192.0.2.1', userVisibleData: 'Avtal' });
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: 'pending' });
    await bankId.cancel(order.orderRef);
    await expectBankIdError(bankId.sign({ endUserIp: 'x', userVisibleData: 'Avtal' }), 'invalidParameters');
  });

  it('gets nowhere with another certificate', async () => {
    const pfx = readFileSync(path.join(dir, 'stranger.p12'));
    const bankId = createBankIdClient({
      baseUrl,
      fetch: keyed(mutualTlsFetch({ pfx, passphrase: 'qwerty123', ca: serverCert })),
    });
    await expectBankIdError(bankId.collect('x'), 'transportError');
  });
});
