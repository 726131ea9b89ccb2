/**
 * The two copies' mail relay (SMTP_URL), in the set-up process: it keeps every mail and shows
 * them on a small page of its own (the copies serve no /mailbox with a relay), except that a
 * mail to HUNG_DOMAIN hangs for ever after its recipient, as a stalled relay does. `/hung` says
 * how many such sends are held open right now; `POST /release` ends them, and from then on the
 * relay refuses that domain at once (so the journeys after it find the mail workers free).
 */
import { createServer } from 'node:http';
import { freePorts } from '../src/server/test/postgres-cluster';
import { smtpRelay, type RelayMessage } from '../src/server/test/smtp-relay';

export const HUNG_DOMAIN = 'hung-relay.example';

/** The text/html part of a message as nodemailer writes it (quoted-printable, base64 or plain). */
function htmlOf(raw: string): string {
  const part = /Content-Type: text\/html[^\r\n]*\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
    raw,
  );
  if (!part) return '';
  const [, headers = '', body = ''] = part;
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

const subjectOf = (raw: string) => /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startRelay(): Promise<{ smtpUrl: string; pageUrl: string; stop(): void }> {
  const received: RelayMessage[] = [];
  let hanging = true;
  const { server: smtp, hung } = smtpRelay(received, (address) =>
    !address.endsWith(`@${HUNG_DOMAIN}`) ? 'accept' : hanging ? 'hang' : 'refuse',
  );
  const mails = () => received.map((m) => ({ to: m.to, subject: subjectOf(m.data), html: htmlOf(m.data) }));
  const page = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    if (url.pathname === '/hung') return void res.end(JSON.stringify({ open: hung.size }));
    if (url.pathname === '/release' && req.method === 'POST') {
      hanging = false;
      for (const socket of hung) socket.destroy();
      return void res.end('{}');
    }
    const one = /^\/mail\/(\d+)$/.exec(url.pathname);
    if (one)
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(mails()[Number(one[1])]?.html ?? '');
    const to = url.searchParams.get('to') ?? '';
    const list = mails()
      .map((m, i) => ({ m, i }))
      .filter(({ m }) => m.to.includes(to))
      .reverse()
      .map(({ m, i }) => `<li><a href="/mail/${i}">${esc(m.subject)}</a></li>`);
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>Relay</title><ul>${list.join('')}</ul>`);
  });
  const [smtpPort, pagePort] = await freePorts(2);
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => page.listen(pagePort, '127.0.0.1', resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    pageUrl: `http://127.0.0.1:${pagePort}`,
    stop() {
      for (const socket of hung) socket.destroy();
      smtp.close();
      page.close();
    },
  };
}
