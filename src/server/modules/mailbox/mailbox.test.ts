import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testConfig, type TestApp } from '../../test/harness';

describe('the demo mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers this machine and refuses others: it shows password links', async () => {
    expect((await t.app.inject({ url: '/mailbox' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/mailbox', remoteAddress: '192.0.2.10' })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          url: '/mailbox/00000000-0000-4000-8000-000000000000',
          remoteAddress: '192.0.2.10',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('believes no X-Forwarded-For of a client that is not a trusted proxy', async () => {
    const forged = { 'x-forwarded-for': '127.0.0.1' };
    const res = await t.app.inject({ url: '/mailbox', remoteAddress: '192.0.2.10', headers: forged });
    expect(res.statusCode).toBe(403);
  });

  it('answers only its own host names: a rebound name of another site is refused', async () => {
    const res = await t.app.inject({ url: '/mailbox', headers: { host: 'attacker.example:8080' } });
    expect(res.statusCode).toBe(421);
    expect((await t.app.inject({ url: '/mailbox', headers: { host: 'portal.test' } })).statusCode).toBe(200);
  });

  it('answers other machines when MAILBOX_OPEN=1', async () => {
    const base = testConfig();
    const open = await startTestApp('pglite', { mail: { ...base.mail, mailboxOpen: true } });
    try {
      expect((await open.app.inject({ url: '/mailbox', remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
