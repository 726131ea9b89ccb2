import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/world';
import { DB_KINDS, DEMO, startTestApp, testConfig, type TestApp } from '../test/harness';
import { findSignInAccount } from './accounts';
import { verifyPassword } from './passwords';
import { PASSWORD_RESET_REQUEST_JOB, requesterOf, RESET_MAILS_PER_EMAIL } from './forgot-password';
import { findValidToken, issuePasswordToken } from './password-tokens';

/** "Forgot your password?": a reset link by mail, the same answer for anybody, limited. */
describe.each(DB_KINDS)('a forgotten password (%s)', (kind) => {
  let t: TestApp;
  const PER_ADDRESS = 8;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      rateLimits: { ...testConfig().rateLimits, passwordResetRequests: PER_ADDRESS },
    });
  });
  afterAll(() => t.close());

  let address = 0;
  /** Each test asks from its own network address, so the per-address limit is its own. */
  const ask = (email: string, opts: { locale?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/sign-in/forgot?l=${opts.locale ?? 'en-IE'}`,
      remoteAddress: opts.ip ?? `10.0.0.${++address}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email }).toString(),
    });
  const mailsTo = (email: string) =>
    t.db.query<{ subject: string; body: string; secret: string | null; locale: string }>(
      `select subject, body_text as body, secret, locale from mails where recipient = $1 order by created_at`,
      [email],
    );
  /** pg-boss's own record of the requests' jobs: all of them finished. */
  const jobsDone = async () => {
    const rows = await t.db.query<{ state: string }>('select state from pgboss.job where name = $1', [
      PASSWORD_RESET_REQUEST_JOB,
    ]);
    return rows.every((r) => r.state === 'completed');
  };

  it('is offered on the sign-in page and asks for the address in the page language', async () => {
    const page = await t.app.inject({ url: '/sign-in/forgot?l=de-DE' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('lang="de-DE"');
    expect(page.body).toContain('Passwort vergessen?');
    expect(page.body).toContain('action="/sign-in/forgot?l=de-DE"');
  });

  it('mails an active user a link that sets a new password, in the language asked in', async () => {
    const account = await findSignInAccount(t.db, { email: DEMO.maja });
    const res = await ask(DEMO.maja.toUpperCase(), { locale: 'de-DE' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(DEMO.maja);
    await expect.poll(async () => (await mailsTo(DEMO.maja)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await mailsTo(DEMO.maja);
    expect(mail!.locale).toBe('de-DE');
    expect(mail!.subject).toBe('Ihr neues Passwort für das Partnerportal');
    expect(mail!.body).toContain('Hallo Maja');

    // Asking signs nobody out: the password and the sessions stay until the link is used.
    const [before] = await t.db.query<{ after: Date | null }>(
      'select sessions_valid_after as after from accounts where id = $1',
      [account!.id],
    );
    expect(before!.after).toBeNull();
    expect(await verifyPassword(DEMO_PASSWORD, account!.passwordHash)).toBe(true);

    const link = `/sign-in/password/${mail!.secret}`;
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    const chosen = 'a quiet harbour at dawn';
    const set = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password: chosen, repeat: chosen }).toString(),
    });
    expect(set.statusCode).toBe(200);
    const changed = await findSignInAccount(t.db, { email: DEMO.maja });
    expect(await verifyPassword(chosen, changed!.passwordHash)).toBe(true);
    // Once only; the spent link offers to ask for a new one.
    const again = await t.app.inject({ url: link });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('href="/sign-in/forgot?l=en-IE"');
  });

  it("answers an unknown or a disabled user's address exactly as a user's and mails nothing", async () => {
    await t.db.query(
      `update users set status = 'readOnly' where account_id = (select id from accounts where email = $1)`,
      [DEMO.jonas],
    );
    await t.db.query(`update accounts set disabled_at = now() where email = $1`, [DEMO.anna]);
    const known = await ask(DEMO.sofia);
    const unknown = await ask('nobody@nordic-office.example');
    const disabled = await ask(DEMO.jonas);
    const disabledAccount = await ask(DEMO.anna);
    expect([unknown.statusCode, disabled.statusCode]).toEqual([known.statusCode, known.statusCode]);
    const withoutAddress = (body: string) => body.replace(/[\w.-]+@[\w.-]+/g, '@');
    expect(withoutAddress(unknown.body)).toBe(withoutAddress(known.body));
    expect(withoutAddress(disabled.body)).toBe(withoutAddress(known.body));
    expect(withoutAddress(disabledAccount.body)).toBe(withoutAddress(known.body));
    await expect.poll(jobsDone, { timeout: 20_000 }).toBe(true);
    expect(await mailsTo('nobody@nordic-office.example')).toEqual([]);
    expect(await mailsTo(DEMO.jonas)).toEqual([]);
    expect(await mailsTo(DEMO.anna)).toEqual([]);
    await t.db.query(`update accounts set disabled_at = null where email = $1`, [DEMO.anna]);
    expect((await mailsTo(DEMO.sofia)).length).toBe(1);
  });

  it("does not void the owner's pending link; the link used first voids the others", async () => {
    const account = await findSignInAccount(t.db, { email: DEMO.erik });
    const invitation = await issuePasswordToken(t.db, account!.id, 'invitation');
    expect((await ask(DEMO.erik)).statusCode).toBe(200);
    await expect.poll(async () => (await mailsTo(DEMO.erik)).length, { timeout: 20_000 }).toBe(1);
    // A stranger's request left the invitation valid beside the new link.
    expect(await findValidToken(t.db, invitation)).toBeTruthy();
    const [mail] = await mailsTo(DEMO.erik);
    const chosen = 'lanterns over the old bridge';
    await t.app.inject({
      method: 'POST',
      url: `/sign-in/password/${invitation}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password: chosen, repeat: chosen }).toString(),
    });
    expect(await findValidToken(t.db, mail!.secret!)).toBeUndefined();
  });

  it('counts an IPv6 requester by its /64 network', () => {
    expect(requesterOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(requesterOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(requesterOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(requesterOf('10.1.2.3')).toBe('10.1.2.3');
    expect(requesterOf('::ffff:10.1.2.3')).toBe('::ffff:10.1.2.3');
  });

  it('refuses an address that is not one, keeping what was typed', async () => {
    const res = await ask('anna.lind@');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('value="anna.lind@"');
    expect(res.body).toContain('aria-invalid="true"');
  });

  it('mails one address at most a few times an hour, whoever asks, and answers alike', async () => {
    const answers = [];
    for (let i = 0; i < RESET_MAILS_PER_EMAIL.hour + 2; i++) answers.push((await ask(DEMO.lukas)).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
    await expect.poll(jobsDone, { timeout: 20_000 }).toBe(true);
    expect((await mailsTo(DEMO.lukas)).length).toBe(RESET_MAILS_PER_EMAIL.hour);
  });

  it('slows one network address down with a page that says how long to wait', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await ask(`someone${i}@example.com`, { ip })).statusCode).toBe(200);
    const refused = await ask('one.more@example.com', { ip, locale: 'sv-SE' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain('lang="sv-SE"');
    // Another address is not held up.
    expect((await ask('someone@example.com')).statusCode).toBe(200);
  });
});
