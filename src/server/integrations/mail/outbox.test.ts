import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO, startTestApp, userIdOf, type TestApp } from '../../test/harness';
import { savedCalculation } from '../../test/fixtures';
import { smtpRelay, type RelayMessage } from '../../test/smtp-relay';

describe('mail through a real relay (SMTP_URL)', () => {
  let relay: Server;
  let t: TestApp;
  const received: RelayMessage[] = [];

  beforeAll(async () => {
    relay = smtpRelay(received).server;
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as AddressInfo).port;
    t = await startTestApp('pglite', {
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from: 'Portal <no-reply@portal.test>',
        mailboxOpen: false,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    relay.close();
  });

  it('sends a queued mail through the relay with its link, marks it sent and forgets the link', async () => {
    const sofia = await userIdOf(t.db, DEMO.sofia, '752-10001');
    const headers = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${sofia}/resetPassword`, headers })).statusCode,
    ).toBe(204);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    expect(received[0]!.to).toEqual([DEMO.sofia]);
    // Quoted-printable wraps long lines with soft breaks (=CRLF), the link's too: read it whole.
    const text = received[0]!.data.replace(/=\r?\n/g, '');
    const token = /\/sign-in\/password\/([\w-]{40,})/.exec(text)?.[1];
    expect(token).toBeTruthy();
    const stored = async () =>
      (
        await t.db.query<{ status: string; kept: string }>(
          `select status, concat(body_text, body_html, secret) as kept from mails where recipient = $1`,
          [DEMO.sofia],
        )
      )[0];
    await expect.poll(async () => (await stored())?.status).toBe('sent');
    expect((await stored())?.kept).not.toContain(token);
  });

  it('attaches the offer PDF, read from the document store, to the mail the customer gets', async () => {
    const headers = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const { calculationSetId, calculationVariantId } = await savedCalculation(t, headers, 'Relay AB');
    const before = received.length;
    const offer = await t.app.inject({
      method: 'PUT',
      url: `/api/calculationSets/${calculationSetId}/offer?calculationVariantId=${calculationVariantId}&periods=36&makeOffer=true`,
      headers,
      payload: {},
    });
    expect(offer.statusCode, offer.body).toBe(200);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = received.at(-1)!.data;
    const part = /Content-Type: application\/pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n(?:--|\r\n)/.exec(
      mail,
    );
    expect(part, 'the mail has a PDF part').toBeTruthy();
    const pdf = Buffer.from(part![1]!.replace(/\r\n/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [kept] = await t.db.query<{ size: number }>(
      `select octet_length(content) as size from documents where calculation_set_id = $1 order by created_at desc limit 1`,
      [calculationSetId],
    );
    expect(pdf.length).toBe(Number(kept!.size));
  });

  it('does not offer the demo mailbox', async () => {
    expect((await t.app.inject({ url: '/mailbox', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });
});

/** A relay that takes connections and never says a word: every send through it hangs. */
function hungRelay(open: Set<unknown>): Server {
  return createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
}

describe.each(DB_KINDS)('a hung mail relay (%s)', (kind) => {
  let relay: Server;
  let t: TestApp;
  const open = new Set<unknown>();

  beforeAll(async () => {
    relay = hungRelay(open);
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    t = await startTestApp(kind, {
      mail: {
        smtpUrl: `smtp://127.0.0.1:${(relay.address() as AddressInfo).port}?ignoreTLS=true`,
        from: 'Portal <no-reply@portal.test>',
        mailboxOpen: false,
      },
      // The hung sends are released at close, after this.
      shutdownTimeoutMs: 1000,
    });
  });
  afterAll(async () => {
    await t.close();
    relay.close();
  });

  it('delays no credit decision: the request is decided while every mail still hangs', async () => {
    const anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    for (const email of [DEMO.sofia, DEMO.erik, DEMO.maja]) {
      const id = await userIdOf(t.db, email, '752-10001');
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${id}/resetPassword`, headers: anna });
      expect(res.statusCode).toBe(204);
    }
    // Every mail worker of this copy is now stuck in a send.
    await expect.poll(() => open.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    const erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const { href } = await savedCalculation(t, erik, 'Hung Relay AB');
    const sent = await t.app.inject({
      method: 'PUT',
      url: `${href}/toGrenke`,
      headers: erik,
      payload: { sendRequest: true },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const state = async () =>
      (await t.app.inject({ url: href, headers: erik })).json<{ properties: { state: string } }>().properties
        .state;
    await expect.poll(state, { timeout: 60_000, interval: 200 }).toBe('readyToSign');

    // Decided before any hung send let go (the relay's greeting wait is 15 s, the mail's deadline 60 s).
    expect(open.size).toBeGreaterThanOrEqual(2);
    const mails = await t.db.query<{ status: string; last_error: string | null }>(
      `select status, last_error from mails where recipient = any($1)`,
      [[DEMO.sofia, DEMO.erik, DEMO.maja]],
    );
    expect(mails.filter((m) => m.status === 'queued' && m.last_error === null).length).toBeGreaterThanOrEqual(
      2,
    );
  });
});
