import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

/**
 * Enough of the zip format to judge an Office Open XML file before it is stored: its entries'
 * names, and what it unpacks to, measured by unpacking rather than by the sizes it declares (a
 * bomb declares what it likes). docs/security.md, "Uploaded files".
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;

/** The entries of the central directory, or undefined when this is no readable zip. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | undefined {
  if (bytes.length < 22) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== LOCAL) return undefined;
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return undefined;
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Whether the file holds data its central directory does not list. A reader that streams the
 * local headers (as xlsx libraries do) would unpack entries the measure above never saw: the
 * local entries must follow one another exactly as the directory lists them, up to the directory.
 */
export function hasUnlistedData(bytes: Uint8Array, entries: ZipEntry[]): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (entry.localOffset !== at || at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) return true;
    const flags = view.getUint16(at + 6, true);
    at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + entry.compressedSize;
    // Sizes after the data (flag 3): a descriptor of 12 bytes, 16 with its optional signature.
    if (flags & 0x8) at += at + 4 <= bytes.length && view.getUint32(at, true) === DESCRIPTOR ? 16 : 12;
  }
  return at + 4 > bytes.length || view.getUint32(at, true) !== CENTRAL;
}

/**
 * The bytes the entries unpack to, counted up to `budget`: 'tooLarge' as soon as they pass it,
 * undefined when an entry cannot be read (a method other than stored or deflate, damaged data).
 */
export async function unpackedSize(
  bytes: Uint8Array,
  entries: ZipEntry[],
  budget: number,
): Promise<number | 'tooLarge' | undefined> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) return undefined;
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) return undefined;
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) {
      try {
        size = (await inflateRawAsync(data, { maxOutputLength: budget - total + 1 })).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'tooLarge';
        return undefined;
      }
    } else return undefined;
    total += size;
    if (total > budget) return 'tooLarge';
  }
  return total;
}
