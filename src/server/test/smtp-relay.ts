import { createServer, type Server, type Socket } from 'node:net';

/** A message as the relay got it: its envelope recipients and its raw text (MIME, dots unstuffed). */
export interface RelayMessage {
  to: string[];
  data: string;
}

/** What the relay answers a recipient: takes it, refuses it (550), or never answers (stalled). */
export type RecipientAnswer = 'accept' | 'refuse' | 'hang';

/**
 * A minimal SMTP relay on loopback for tests (the mail tests, the two-copy journeys): it keeps
 * every message it accepts in `received`; `hung` holds the connections it stopped answering.
 */
export function smtpRelay(
  received: RelayMessage[],
  answer: (address: string) => RecipientAnswer = () => 'accept',
): { server: Server; hung: Set<Socket> } {
  const hung = new Set<Socket>();
  const server = createServer((socket) => {
    let to: string[] = [];
    let data: string | undefined;
    let buffer = '';
    socket.on('error', () => undefined);
    socket.on('close', () => hung.delete(socket));
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      if (hung.has(socket)) return;
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            received.push({ to, data });
            [data, to] = [undefined, []];
            socket.write('250 queued\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 relay.test\r\n');
        else if (/^RCPT TO:/i.test(line)) {
          const address = line.replace(/^RCPT TO:\s*<(.*)>.*$/i, '$1');
          const said = answer(address);
          if (said === 'hang') return void hung.add(socket);
          if (said === 'refuse') socket.write('550 mailbox unavailable\r\n');
          else {
            to.push(address);
            socket.write('250 ok\r\n');
          }
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else if (line) socket.write('250 ok\r\n');
      }
    });
  });
  return { server, hung };
}
