import { inflateSync } from 'node:zlib';

/**
 * What a PDF can make a reader do on its own: run JavaScript, launch a program, carry files or
 * rich media. These are named in the file's dictionaries, in plain text or inside compressed
 * object streams, and a name may hide behind #-escapes (/J#61vaScript); the data of other
 * streams (pages, images) is never read as names, so its bytes cannot look like one.
 */
const ACTIVE = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);
/** The most an object stream may unpack to (they hold dictionaries, never page content). */
const OBJECT_STREAM_BUDGET = 16 * 1024 * 1024;

/** The names (`/Name`) of some PDF syntax, #-escapes decoded. */
function namesOf(syntax: string): string[] {
  return [...syntax.matchAll(/\/([^\s/<>[\](){}%]+)/g)].map(([, raw]) =>
    raw!.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

export type PdfVerdict = 'clean' | 'active' | 'unreadable' | 'encrypted';

export function judgePdf(bytes: Uint8Array): PdfVerdict {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  // A PDF ends with %%EOF (a line break or two may follow); HTML behind a PDF header does not.
  if (!/%%EOF\s*$/.test(text.slice(-1024))) return 'unreadable';
  const syntax: string[] = [];
  const objectStreams: Uint8Array[] = [];
  const streamStart = /(?<!end)stream(?:\r\n|\n|\r)/g;
  let at = 0;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    syntax.push(text.slice(at, m.index));
    const dataStart = streamStart.lastIndex;
    const dataEnd = text.indexOf('endstream', dataStart);
    if (dataEnd < 0) return 'unreadable';
    const dictionary = text.slice(text.lastIndexOf('obj', m.index), m.index);
    if (namesOf(dictionary).includes('ObjStm')) objectStreams.push(bytes.subarray(dataStart, dataEnd));
    at = streamStart.lastIndex = dataEnd + 'endstream'.length;
  }
  syntax.push(text.slice(at));
  const names = namesOf(syntax.join('\n'));
  if (names.some((name) => ACTIVE.has(name))) return 'active';
  let budget = OBJECT_STREAM_BUDGET;
  for (const data of objectStreams) {
    if (budget <= 0) return 'unreadable';
    let unpacked: Buffer;
    try {
      unpacked = inflateSync(data, { maxOutputLength: budget });
    } catch {
      // An encrypted file's object streams cannot be read without its key.
      return names.includes('Encrypt') ? 'encrypted' : 'unreadable';
    }
    budget -= unpacked.length;
    if (namesOf(unpacked.toString('latin1')).some((name) => ACTIVE.has(name))) return 'active';
  }
  return 'clean';
}
