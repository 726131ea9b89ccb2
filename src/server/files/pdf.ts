import { promisify } from 'node:util';
import { constants, inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

/**
 * What a PDF can make a reader do on its own: run JavaScript (actions, the names tree, XFA
 * forms), launch a program, carry files or rich media. Each needs one of these names in the
 * file, in plain text or inside a compressed stream, and a name may hide behind #-escapes
 * (/J#61vaScript). They are long enough that image data never spells one by chance.
 */
const ACTIVE = new Set(['JavaScript', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA']);
/** Filters this check cannot undo: a stream behind one could hide any of the names. */
const OPAQUE_FILTERS = /\/(?:LZWDecode|ASCII85Decode|ASCIIHexDecode|RunLengthDecode|Crypt)\b/;

/** The names (`/Name`) in some bytes read as PDF text, #-escapes decoded. */
function namesOf(text: string): string[] {
  return [...text.matchAll(/\/([^\s/<>[\](){}%]+)/g)].map(([, raw]) =>
    raw!.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}
const hasActive = (text: string) => namesOf(text).some((name) => ACTIVE.has(name));

export type PdfVerdict = 'clean' | 'active' | 'unreadable' | 'encrypted' | 'tooLarge';

/**
 * The whole file is read as names, whatever a comment, a string or a stream boundary claims (a
 * reader finds objects by offsets, so no region can be trusted to be data); then every stream
 * that inflates is read the same way, up to `budget` bytes in all. A stream that neither inflates
 * nor is an image's may hold anything, so it fails the file.
 */
export async function judgePdf(bytes: Uint8Array, budget: number): Promise<PdfVerdict> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  // A PDF ends with %%EOF (a little padding may follow); HTML behind a PDF header does not.
  if (!text.slice(-1024).includes('%%EOF')) return 'unreadable';
  const names = namesOf(text);
  if (names.some((name) => ACTIVE.has(name))) return 'active';
  // An encrypted file's strings and streams cannot be read without its key.
  if (names.includes('Encrypt')) return 'encrypted';
  let left = budget;
  let previousEnd = 0;
  for (const m of text.matchAll(/(?<!end)stream(?:\r\n|\n|\r)/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    try {
      // A truncated stream still gives what it holds, as readers take it.
      const unpacked = await inflateAsync(data, {
        maxOutputLength: left + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      left -= unpacked.length;
      if (left < 0) return 'tooLarge';
      if (hasActive(unpacked.toString('latin1'))) return 'active';
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'tooLarge';
      // Not deflated: images (DCT, JPX, CCITT, JBIG2) and plain data, which the whole-file read
      // covered. A filter this check cannot undo, named since the previous stream, fails the file.
      if (OPAQUE_FILTERS.test(text.slice(previousEnd, m.index))) return 'unreadable';
    }
    previousEnd = end < 0 ? text.length : end;
  }
  return 'clean';
}
