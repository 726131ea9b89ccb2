import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, userIdOf, type TestApp } from '../../test/harness';
import { savedCalculation } from '../../test/fixtures';
import { callerChanged } from '../../plugins/caller-cache';
import { withSecret } from '../../integrations/mail/outbox';
import { housekeeping, RETENTION } from '../../jobs/housekeeping';

/**
 * The customer's offer link on both databases: a link's life (sent, opened, answered, expired,
 * withdrawn), withdrawal when the offered figures change, an idempotent accept, and no reach
 * beyond its own offer.
 */
describe.each(DB_KINDS)('the customer offer page (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = erik) =>
    t.app.inject({ method, url, headers, payload, remoteAddress: '198.51.100.7' });
  const open = (token: string, method: 'GET' | 'POST' = 'GET', path = '', payload?: object) =>
    t.app.inject({
      method,
      url: `/api/public/offers/${token}${path}`,
      payload,
      remoteAddress: '203.0.113.9',
    });

  /** A saved calculation and a link sent for 24 and 36 months; the token as the mail carries it. */
  async function sent(name: string) {
    const calc = await savedCalculation(t, erik, name);
    const res = await call('POST', `${calc.href}/offer-links`, {
      email: 'inkop@kund.example',
      periods: [24, 36],
      note: 'Gäller så länge lagret räcker',
      // The partner offers English too: the page's words are then the ones asserted here.
      languageCode: 'en-IE',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await t.db.query<{ bodyText: string; subject: string; secret: string }>(
      `select body_text as "bodyText", subject, secret from mails where recipient = 'inkop@kund.example'
        order by created_at desc limit 1`,
    );
    // The stored text never holds the token: it goes in when the mail is sent.
    expect(mail!.bodyText).not.toContain(mail!.secret);
    const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(withSecret(mail!.bodyText, mail!.secret))![1]!;
    return { ...calc, link: res.json(), token, mail: mail! };
  }

  it('sends the customer a link only the mail carries; the page shows the offer as sent, without a cookie', async () => {
    const { link, token, mail, href } = await sent('Länken AB');
    expect(link.properties).toMatchObject({ state: 'sent', email: 'inkop@kund.example', periods: [24, 36] });
    expect(JSON.stringify(link)).not.toContain(token);
    expect(mail.bodyText).toContain('Gäller så länge lagret räcker');
    // Only the token's hash is kept.
    expect(await t.db.query('select 1 from offer_links where token_hash = $1', [token])).toHaveLength(0);

    const page = await open(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    const offer = page.json();
    expect(offer.properties).toMatchObject({ state: 'opened', customerName: 'Länken AB', currency: 'SEK' });
    expect(offer.properties.periods.map((p: { periodInMonths: number }) => p.periodInMonths)).toEqual([
      24, 36,
    ]);
    expect(offer.actions.map((a: { name: string }) => a.name)).toEqual(['accept-offer', 'decline-offer']);
    const pdf = await open(token, 'GET', '/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Shown in the browser's viewer: the page's policy, not the API's "nothing may load".
    expect(pdf.headers['content-security-policy']).not.toContain("default-src 'none'");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const list = (await call('GET', `${href}/offer-links`)).json();
    expect(list.entities[0].properties).toMatchObject({ state: 'opened' });
    expect(list.entities[0].properties.openedAt).toBeTruthy();
    const events = await t.db.query<{ kind: string; address: string }>(
      `select e.kind, e.address from offer_link_events e join offer_links l on l.id = e.offer_link_id
        where l.calculation_variant_id = $1`,
      [href.split('/')[5]],
    );
    expect(events).toEqual([{ kind: 'opened', address: '203.0.113.9' }]);
  });

  it('keeps of old opens only the first, without its address; an answer stays with the link', async () => {
    const { token, href } = await sent('Bevaras AB');
    expect((await open(token)).statusCode).toBe(200);
    expect((await open(token)).statusCode).toBe(200);
    expect((await open(token, 'POST', '/decline', { reason: 'För dyrt' })).statusCode).toBe(200);
    const variantId = href.split('/')[5];
    const events = () =>
      t.db.query<{ kind: string; address: string }>(
        `select e.kind, e.address from offer_link_events e join offer_links l on l.id = e.offer_link_id
          where l.calculation_variant_id = $1 order by e.id`,
        [variantId],
      );
    const address = '203.0.113.9';
    expect(await events()).toEqual([
      { kind: 'opened', address },
      { kind: 'opened', address },
      { kind: 'declined', address },
    ]);
    const openedAt = (await call('GET', `${href}/offer-links`)).json().entities[0].properties.openedAt;
    await t.db.query(
      // In hours: a day of the session's time zone may have 23 or 25 of them.
      `update offer_link_events set at = at - make_interval(hours => $2)
        where offer_link_id in (select id from offer_links where calculation_variant_id = $1)`,
      [variantId, (RETENTION.offerLinkOpenDays + 1) * 24],
    );
    await housekeeping(t.db);
    expect(await events()).toEqual([
      { kind: 'opened', address: '' },
      { kind: 'declined', address },
    ]);
    // The link still says when it was first opened.
    const after = (await call('GET', `${href}/offer-links`)).json().entities[0].properties.openedAt;
    expect(new Date(after).getTime()).toBe(
      new Date(openedAt).getTime() - (RETENTION.offerLinkOpenDays + 1) * 24 * 60 * 60 * 1000,
    );
  });

  it('takes one accept, the same again as the answer given, and selects the period on the variant', async () => {
    const { token, href } = await sent('Accepterar AB');
    expect((await open(token, 'POST', '/accept', { periodInMonths: 48 })).statusCode).toBe(400);
    const accepted = await open(token, 'POST', '/accept', { periodInMonths: 24 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().properties).toMatchObject({ state: 'accepted', acceptedPeriod: 24 });
    expect(accepted.json().actions).toBeUndefined();
    const again = await open(token, 'POST', '/accept', { periodInMonths: 24 });
    expect(again.statusCode).toBe(200);
    expect((await open(token, 'POST', '/accept', { periodInMonths: 36 })).statusCode).toBe(409);
    expect((await open(token, 'POST', '/decline', { reason: 'Too dear' })).statusCode).toBe(409);
    const variant = (await call('GET', href)).json().properties;
    expect(variant.calculationVariant.periodInMonths).toBe(24);
    const kinds = await t.db.query<{ kind: string }>(
      `select e.kind from offer_link_events e join offer_links l on l.id = e.offer_link_id
        where l.calculation_variant_id = $1 order by e.id`,
      [href.split('/')[5]],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['accepted']);
  });

  it('is withdrawn by a change of the offered figures, by the salesperson, or by a new link; expires', async () => {
    const first = await sent('Ändrar AB');
    const variant = (await call('GET', first.href)).json();
    const changed = await call('PUT', first.href, {
      calculationVariant: { ...variant.properties.calculationVariant, inputValue: 12_000 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const page = (await open(first.token)).json();
    expect(page.properties.state).toBe('withdrawn');
    expect(page.actions).toBeUndefined();
    expect((await open(first.token, 'POST', '/accept', { periodInMonths: 24 })).statusCode).toBe(409);

    const second = await sent('Drar tillbaka AB');
    const third = await call('POST', `${second.href}/offer-links`, {
      email: 'inkop@kund.example',
      periods: [36],
    });
    expect(third.statusCode).toBe(201);
    expect((await open(second.token)).json().properties.state).toBe('withdrawn');
    const id = third.json().properties.offerLinkId;
    const withdrawn = await call('POST', `${second.href}/offer-links/${id}/withdraw`);
    expect(withdrawn.json().properties.state).toBe('withdrawn');

    const fourth = await sent('Går ut AB');
    await t.db.query(
      `update offer_links set expires_at = now() - interval '1 minute'
                       where calculation_variant_id = $1`,
      [fourth.href.split('/')[5]],
    );
    expect((await open(fourth.token)).json().properties.state).toBe('expired');
    expect((await open(fourth.token, 'POST', '/decline', { reason: 'Late' })).statusCode).toBe(409);
  });

  it('ends with the offer: a request sent withdraws the open link, and no accept changes the variant after it', async () => {
    const { token, href } = await sent('Förfrågan AB');
    const request = await call('PUT', `${href}/toGrenke`, { quoteNote: '', sendRequest: true });
    expect(request.statusCode, request.body).toBe(200);
    expect((await open(token, 'POST', '/accept', { periodInMonths: 24 })).statusCode).toBe(409);
    expect((await open(token)).json().properties.state).toBe('withdrawn');
    const variant = (await call('GET', href)).json().properties;
    expect(variant.calculationVariant.periodInMonths).toBe(36);
  });

  it('keeps the version of the variant: a save made on top of it before the link still holds', async () => {
    const calc = await savedCalculation(t, erik, 'Versionen AB');
    const before = await call('GET', calc.href);
    const link = await call('POST', `${calc.href}/offer-links`, { email: 'v@kund.example', periods: [36] });
    expect(link.statusCode).toBe(201);
    const saved = await call(
      'PUT',
      calc.href,
      { calculationVariant: before.json().properties.calculationVariant },
      {
        ...erik,
        'if-match': before.headers.etag as string,
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().properties.state).toBe('offerToCustomer');
  });

  it("moves with the calculations: the new owner's start screen lists the answer, the old one's no longer", async () => {
    const maja = { authorization: `Bearer ${await t.token(DEMO.maja)}` };
    const calc = await savedCalculation(t, maja, 'Flytten AB');
    const sentLink = await call(
      'POST',
      `${calc.href}/offer-links`,
      { email: 'f@kund.example', periods: [36] },
      maja,
    );
    expect(sentLink.statusCode, sentLink.body).toBe(201);
    const names = async (headers: Record<string, string>) =>
      JSON.stringify((await call('GET', '/api/dashboard', undefined, headers)).json().properties.offerLinks);
    expect(await names(maja)).toContain('Flytten AB');
    const [from, to] = [
      await profileIdOf(t.db, DEMO.maja, 'SE-NOS'),
      await profileIdOf(t.db, DEMO.erik, 'SE-NOS'),
    ];
    const anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    const moved = await call(
      'POST',
      `/api/users/${await userIdOf(t.db, DEMO.maja, '752-10001')}/moveCalculations`,
      { originUserProfileId: from, destinationUserProfileId: to },
      anna,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await names(maja)).not.toContain('Flytten AB');
    const [link] = await t.db.query<{ userProfileId: string }>(
      `select user_profile_id as "userProfileId" from offer_links where email = 'f@kund.example'`,
    );
    expect(link!.userProfileId).toBe(to);
  });

  it('sends once for an Idempotency-Key (the outbox repeats a send whose answer was lost)', async () => {
    const calc = await savedCalculation(t, erik, 'Igen AB');
    const headers = { ...erik, 'idempotency-key': `link-${calc.href.split('/')[5]}` };
    const body = { email: 'igen@kund.example', periods: [36] };
    const first = await call('POST', `${calc.href}/offer-links`, body, headers);
    const again = await call('POST', `${calc.href}/offer-links`, body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.json().properties.offerLinkId).toBe(first.json().properties.offerLinkId);
    const mails = await t.db.query(`select 1 from mails where recipient = 'igen@kund.example'`);
    expect(mails).toHaveLength(1);
  });

  it("shows the start screen the newest links and the customer's answers", async () => {
    const { token } = await sent('Startsidan AB');
    await open(token, 'POST', '/decline', { reason: 'Vi väntar till våren' });
    const answers = (await call('GET', '/api/dashboard')).json().properties.offerLinks;
    expect(answers.total).toBeGreaterThanOrEqual(1);
    expect(answers.items[0]).toMatchObject({
      customerName: 'Startsidan AB',
      state: 'declined',
      declineReason: 'Vi väntar till våren',
    });
    // Another partner's start screen knows nothing of it.
    const jonas = { authorization: `Bearer ${await t.token(DEMO.jonas)}` };
    const theirs = (await call('GET', '/api/dashboard', undefined, jonas)).json().properties.offerLinks;
    expect(JSON.stringify(theirs)).not.toContain('Startsidan AB');
  });

  it('answers nothing about anything else: unknown tokens, other partners, read-only callers', async () => {
    const { token, href } = await sent('Räckvidd AB');
    expect((await open('x'.repeat(43))).statusCode).toBe(404);
    expect((await open('not-a-token')).statusCode).toBe(404);
    expect((await open(`${token}/../..`)).statusCode).toBe(404);
    const lukas = { authorization: `Bearer ${await t.token(DEMO.lukas)}` };
    expect((await call('GET', `${href}/offer-links`, undefined, lukas)).statusCode).toBe(404);
    expect(
      (await call('POST', `${href}/offer-links`, { email: 'a@b.example', periods: [36] }, lukas)).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${href}/offer-links`, payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('lets a read-only profile read the links, not send or withdraw one (403)', async () => {
    const { href, link } = await sent('Läsaren AB');
    const profile = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
    const [account] = await t.db.query<{ id: string }>('select id from accounts where email = $1', [
      DEMO.erik,
    ]);
    /** Sets the profile's status and waits until the server's cache of callers has heard of it. */
    const status = async (to: 'readOnly' | 'active') => {
      await t.db.query(`update user_profiles set status = $2 where id = $1`, [profile, to]);
      await callerChanged(t.db, account!.id);
      await expect
        .poll(async () => (await call('GET', href)).json().properties.isReadOnly)
        .toBe(to === 'readOnly');
    };
    await status('readOnly');
    try {
      expect((await call('GET', `${href}/offer-links`)).statusCode).toBe(200);
      const again = await call('POST', `${href}/offer-links`, { email: 'a@b.example', periods: [36] });
      expect(again.statusCode).toBe(403);
      const id = link.properties.offerLinkId;
      expect((await call('POST', `${href}/offer-links/${id}/withdraw`)).statusCode).toBe(403);
    } finally {
      await status('active');
    }
    expect((await call('GET', `${href}/offer-links`)).json().entities[0].properties.state).toBe('sent');
  });

  it('limits the calls per link', async () => {
    const { token } = await sent('Gränsen AB');
    let last = 0;
    for (let i = 0; i < 61; i += 1) last = (await open(token, 'GET', '/pdf')).statusCode;
    expect(last).toBe(429);
    // The page says to wait, not that the offer is unknown.
    const page = await t.app.inject({ url: `/o/${token}`, remoteAddress: '203.0.113.9' });
    expect(page.statusCode).toBe(429);
    expect(page.headers['retry-after']).toBeTruthy();
    expect(page.body).toContain('Please wait a moment');
  });

  it('serves the page at /o/{token}: the periods, an accept confirmed by a form, then what happens next', async () => {
    const { token } = await sent('Sidan AB');
    const page = await t.app.inject({ url: `/o/${token}`, remoteAddress: '203.0.113.9' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('Sidan AB');
    expect(page.body).toContain('24 months');
    expect(page.body).toContain('36 months');
    // The services the instalment includes, per period.
    expect(page.body).toMatch(/Damage waiver: SEK\s?[\d.,]+/);
    const confirm = await t.app.inject({ url: `/o/${token}?accept=36`, remoteAddress: '203.0.113.9' });
    expect(confirm.body).toContain('Accept this offer?');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/o/${token}/accept`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'periodInMonths=36',
      remoteAddress: '203.0.113.9',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).toContain('You accepted the offer for 36 months.');
    expect(accepted.body).not.toContain('Decline the offer');
    const unknown = await t.app.inject({ url: `/o/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Offer not found');
  });
});
