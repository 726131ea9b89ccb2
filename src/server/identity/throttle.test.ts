import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/world';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../test/harness';
import { signInForm } from '../test/oidc-flow';
import { THROTTLE } from './throttle';

/** Guessing is slowed down on the guesser's side; the owner is not locked out by strangers. */
describe.each(DB_KINDS)('sign-in throttling (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  beforeEach(async () => {
    await t.db.query('delete from sign_in_failures');
  });
  afterAll(() => t.close());

  /** Time passes for the failures recorded so far. */
  const later = (seconds: number) =>
    t.db.query(`update sign_in_failures set at = at - make_interval(secs => $1)`, [seconds]);

  /**
   * The wait asked for after the failure made at `since`: `seconds` less the whole seconds that
   * really passed since (a slow machine spends them hashing passwords).
   */
  const expectWait = (answer: { headers: Record<string, unknown> }, seconds: number, since: number) => {
    const passed = Math.ceil((Date.now() - since) / 1000);
    const wait = Number(answer.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(seconds);
    expect(wait).toBeGreaterThanOrEqual(seconds - passed);
  };

  it('gives an address five free tries, then makes each wait twice as long; the right password waits too', async () => {
    const attempt = await signInForm(t, '10.0.0.7');
    let since = Date.now();
    for (let i = 0; i < THROTTLE.freePerAddress; i++)
      expect((await attempt(DEMO.erik, `guess-${i}`)).statusCode).toBe(401);
    const refused = await attempt(DEMO.erik, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expectWait(refused, 2, since);
    expect(refused.body).toContain(`Please wait ${String(refused.headers['retry-after'])} second`);

    await later(2);
    since = Date.now();
    expect((await attempt(DEMO.erik, 'guess-5')).statusCode).toBe(401);
    expectWait(await attempt(DEMO.erik, 'guess-6'), 4, since);
    await later(4);
    since = Date.now();
    expect((await attempt(DEMO.erik, 'guess-6')).statusCode).toBe(401);
    expectWait(await attempt(DEMO.erik, 'guess-7'), 8, since);
  });

  it("does not let strangers' failures lock the owner out", async () => {
    // Erik has signed in from his office before.
    expect((await (await signInForm(t, '10.1.1.1'))(DEMO.erik, DEMO_PASSWORD)).statusCode).toBe(303);
    // Eleven wrong passwords from elsewhere: Erik signs in from his office and from a new place.
    for (let i = 0; i < 11; i++) await (await signInForm(t, `10.9.0.${i}`))(DEMO.erik, 'wrong');
    expect((await (await signInForm(t, '10.1.1.1'))(DEMO.erik, DEMO_PASSWORD)).statusCode).toBe(303);
    expect((await (await signInForm(t, '10.2.2.2'))(DEMO.erik, DEMO_PASSWORD)).statusCode).toBe(303);

    // A distributed guess beyond the e-mail's limit stops new addresses, never his known one.
    for (let i = 11; i <= THROTTLE.perEmail + 1; i++)
      await (
        await signInForm(t, `10.9.0.${i}`)
      )(DEMO.erik, 'x');
    expect((await (await signInForm(t, '10.3.3.3'))(DEMO.erik, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await (await signInForm(t, '10.1.1.1'))(DEMO.erik, DEMO_PASSWORD)).statusCode).toBe(303);
  });

  it('counts the address the connection comes from, not the one a client claims', async () => {
    const attempt = await signInForm(t, '10.0.0.9');
    for (let i = 0; i <= THROTTLE.freePerAddress; i++)
      await attempt(DEMO.maja, `guess-${i}`, { 'x-forwarded-for': `198.51.100.${i}` });
    expect((await attempt(DEMO.maja, 'guess', { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
  });

  it('stops an address that tries many e-mails', async () => {
    const attempt = await signInForm(t, '10.5.5.5');
    for (let i = 0; i <= THROTTLE.perIp; i++) await attempt(`nobody-${i}@example.com`, 'x');
    expect((await attempt(DEMO.anna, DEMO_PASSWORD)).statusCode).toBe(429);
  });
});
