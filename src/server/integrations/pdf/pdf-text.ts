import { inflateSync } from 'node:zlib';

/**
 * Test helper: the text a PDF written by pdf-lib shows, one drawn string per line. It reads the
 * content streams (inflating FlateDecode ones) and decodes the text-show operators Tj, TJ, '
 * and ". Good enough for our own PDFs with standard fonts, not a general PDF parser.
 */

// WinAnsi equals Latin-1 except in 0x80–0x9F; only the characters our texts can contain.
const WIN_ANSI_80_9F: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

const decodeWinAnsi = (bytes: string) =>
  Array.from(bytes, (ch) => {
    const b = ch.charCodeAt(0);
    return b < 0x80 || b >= 0xa0 ? ch : (WIN_ANSI_80_9F[b] ?? '?');
  }).join('');

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** Reads a literal string `( … )` starting at `start`; returns its bytes and the end index. */
function literal(s: string, start: number): [string, number] {
  let out = '';
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '\\') {
      const next = s.charAt(++i);
      const octal = /^[0-7]{1,3}/.exec(s.slice(i, i + 3))?.[0];
      if (octal) {
        out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        i += octal.length - 1;
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && s.charAt(i + 1) === '\n') i++; // line continuation
      } else out += ESCAPES[next] ?? next;
    } else if (c === '(') {
      if (depth++ > 0) out += c; // nested parentheses are part of the string
    } else if (c === ')') {
      if (--depth === 0) return [out, i + 1];
      out += c;
    } else out += c;
  }
  return [out, s.length];
}

/** The strings shown by one content stream, a line per text object or line move. */
function showText(content: string): string[] {
  const lines: string[] = [];
  let strings: string[] = [];
  let line = '';
  const flush = () => {
    if (line) lines.push(line);
    line = '';
  };
  for (let i = 0; i < content.length;) {
    const c = content.charAt(i);
    if (c === '(') {
      const [bytes, end] = literal(content, i);
      strings.push(bytes);
      i = end;
    } else if (c === '<' && content.charAt(i + 1) === '<') {
      i += 2; // a dictionary, not a hex string
    } else if (c === '<') {
      const end = content.indexOf('>', i);
      if (end < 0) break; // unterminated: nothing more to read
      const hex = content.slice(i + 1, end).replace(/\s/g, '');
      strings.push(hex.replace(/(..?)/g, (h) => String.fromCharCode(parseInt(h.padEnd(2, '0'), 16))));
      i = end + 1;
    } else if (c === '%') {
      while (i < content.length && !/[\r\n]/.test(content.charAt(i))) i++;
    } else if (/[A-Za-z'"]/.test(c)) {
      const op = /^[A-Za-z'"*0-9]+/.exec(content.slice(i, i + 8))?.[0] ?? c;
      if (op === "'" || op === '"' || ['ET', 'T*', 'Td', 'TD', 'Tm'].includes(op)) flush();
      if (['Tj', 'TJ', "'", '"'].includes(op)) line += decodeWinAnsi(strings.join(''));
      strings = [];
      i += op.length;
    } else if (c === '/') {
      i++; // a name: skip to the next delimiter so that it is not read as an operator
      while (i < content.length && !/[\s/[\]()<>{}%]/.test(content.charAt(i))) i++;
    } else i++;
  }
  flush();
  return lines;
}

/** All text of the PDF, in page order as pdf-lib writes it. */
export function extractText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes).toString('latin1');
  const streams = /obj\s*(<<(?:(?!endobj)[\s\S])*?>>)\s*stream\r?\n/g;
  const text: string[] = [];
  for (let m = streams.exec(pdf); m; m = streams.exec(pdf)) {
    const dict = m[1] ?? '';
    if (/\/Subtype\s*\/Image/.test(dict)) continue;
    const start = m.index + m[0].length;
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1];
    const end = length ? start + Number(length) : pdf.indexOf('endstream', start);
    let data = pdf.slice(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        data = inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
      } catch {
        continue; // not a stream we can read
      }
    }
    text.push(...showText(data));
  }
  return text.join('\n');
}
