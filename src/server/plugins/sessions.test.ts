import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_ACCOUNT } from '../modules/events/routes';
import { DB_KINDS, DEMO, startTestApp, userIdOf, type TestApp } from '../test/harness';
import { browserSession } from '../test/oidc-flow';

/**
 * Sessions end when they should (docs/security.md): signing out, a password reset and disabling
 * a user refuse the tokens issued before, although they have not expired; an open live stream
 * ends with its session, its token, or a change of its caller.
 */
describe.each(DB_KINDS)('sessions end when they should (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let anna: Record<string, string>;
  const earlier = () => Math.floor(Date.now() / 1000) - 5;
  const profile = (headers: Record<string, string>) =>
    t.app.inject({ url: '/api/userprofiles/myprofiles', headers }).then((r) => r.statusCode);

  beforeAll(async () => {
    t = await startTestApp(kind);
    anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Opens the live stream; `ended` settles when the server ends it. */
  async function stream(headers: Record<string, string>) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
    const ended = (async () => {
      if (!res.body) return;
      const reader = res.body.getReader();
      while (!(await reader.read()).done) {
        /* heartbeats */
      }
    })().catch(() => undefined);
    return { status: res.status, ended, abort: () => controller.abort() };
  }
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), ms))]);

  /** The admin changes a user's status the way the user page does. */
  async function setStatus(email: string, status: 'active' | 'readOnly') {
    const id = await userIdOf(t.db, email, '752-10001');
    const user = (await t.app.inject({ url: `/api/users/${id}`, headers: anna })).json().properties;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: anna,
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        title: '',
        telephone: { countryCode: '', number: '' },
        eMail: user.eMail,
        status,
        isAdmin: false,
        hasGlobalAccess: user.hasGlobalAccess,
        isExcelDownloadPermitted: false,
        isMoveCalculationsPermitted: false,
        defaultParentProfileId: 'SE-NOS',
        parentProfiles: [{ id: 'SE-NOS', active: true }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it("signing out ends that session's tokens at once, and not another session's", async () => {
    const tablet = await browserSession(t, DEMO.erik);
    const desktop = await browserSession(t, DEMO.erik);
    const live = await stream(tablet.headers);
    expect(live.status).toBe(200);
    expect(await profile(tablet.headers)).toBe(200);

    await tablet.signOut();
    expect(await profile(tablet.headers)).toBe(401);
    expect(await within(live.ended, 2000)).toBe('ended');
    expect(await profile(desktop.headers)).toBe(200);
  });

  it('a password reset refuses the tokens issued before it; a new sign-in works', async () => {
    const old = { authorization: `Bearer ${await t.token(DEMO.sofia, { issuedAt: earlier() })}` };
    expect(await profile(old)).toBe(200);
    const sofia = await userIdOf(t.db, DEMO.sofia, '752-10001');
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${sofia}/resetPassword`,
      headers: anna,
    });
    expect(reset.statusCode).toBe(204);
    // Every copy hears of it once the change committed (caller_changed): a moment later at most.
    await expect.poll(() => profile(old), { timeout: 2000 }).toBe(401);
    expect(await profile({ authorization: `Bearer ${await t.token(DEMO.sofia)}` })).toBe(200);
  });

  it('disabling a user ends the live stream and the tokens; enabling again does not bring them back', async () => {
    const old = { authorization: `Bearer ${await t.token(DEMO.maja, { issuedAt: earlier() })}` };
    const live = await stream(old);
    expect(live.status).toBe(200);

    await setStatus(DEMO.maja, 'readOnly');
    expect(await within(live.ended, 2000)).toBe('ended');
    expect(await profile(old)).toBe(401);

    await setStatus(DEMO.maja, 'active');
    await new Promise((r) => setTimeout(r, 200)); // the change is heard by every copy
    expect(await profile(old)).toBe(401);
    expect(await profile({ authorization: `Bearer ${await t.token(DEMO.maja)}` })).toBe(200);
  });

  it('a live stream ends when its token expires', async () => {
    const live = await stream({ authorization: `Bearer ${await t.token(DEMO.anna, { expiresIn: '2s' })}` });
    expect(live.status).toBe(200);
    expect(await within(live.ended, 4000)).toBe('ended');
  });

  it(`keeps at most ${MAX_STREAMS_PER_ACCOUNT} live streams per account`, async () => {
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) open.push(await stream(anna));
    expect(open.map((s) => s.status)).toEqual(open.map(() => 200));
    const refused = await stream(anna);
    expect(refused.status).toBe(429);
    open[0]!.abort();
    await new Promise((r) => setTimeout(r, 100));
    const again = await stream(anna);
    expect(again.status).toBe(200);
    [...open, again].forEach((s) => s.abort());
  });
});
