import type { z } from 'zod';
import { ProviderData, type ImportProblem } from '../../../domain/provider-data';
import { inspectFile, type FileRefusal } from '../../files/inspect';
import { unstorableAt } from '../../plugins/input-text';
import { readWorkbook } from './workbook';

/** The file formats a load takes (docs/provider-data.md). */
export const FILE_KINDS = ['json', 'xlsx'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export type ReadResult =
  { ok: true; data: ProviderData; origins: Origins } | { ok: false; problems: ImportProblem[] };
/** Where the parts of a workbook came from, longest JSON path first (none for JSON). */
type Origins = [path: string, where: string][];

/** Reads and validates a file: the data, or every problem named by where it is and its field. */
export async function readProviderData(bytes: Buffer, kind: FileKind): Promise<ReadResult> {
  if (kind === 'json') {
    let document: unknown;
    try {
      document = JSON.parse(bytes.toString('utf8'));
    } catch (e) {
      return {
        ok: false,
        problems: [{ where: 'file', field: '', message: `not JSON: ${(e as Error).message}` }],
      };
    }
    const unstorable = unstorableAt(document);
    if (unstorable !== undefined)
      return { ok: false, problems: [relocated({ where: unstorable, field: '', message: UNSTORABLE }, [])] };
    return judged(ProviderData.safeParse(document), []);
  }
  // The workbook is unpacked by a library: first the checks every uploaded file gets (size, macros).
  const refusal = await inspectFile(bytes, 'xlsx');
  if (refusal) return { ok: false, problems: [{ where: 'file', field: '', message: refusalText[refusal] }] };
  let read;
  try {
    read = await readWorkbook(bytes);
  } catch (e) {
    return {
      ok: false,
      problems: [{ where: 'file', field: '', message: `not a workbook: ${(e as Error).message}` }],
    };
  }
  // Text the database cannot keep (NUL) is refused as a JSON body's would be (plugins/input-text.ts).
  const unstorable = unstorableAt(read.document);
  if (unstorable !== undefined)
    read.problems.push(relocated({ where: unstorable, field: '', message: UNSTORABLE }, read.origins));
  const result = judged(ProviderData.safeParse(read.document), read.origins);
  if (read.problems.length)
    return { ok: false, problems: [...read.problems, ...(result.ok ? [] : result.problems)] };
  return result;
}

const UNSTORABLE = 'holds characters that cannot be stored (NUL or a lone surrogate)';

const refusalText: Record<FileRefusal, string> = {
  fileContentMismatch: 'not an xlsx workbook',
  fileActiveContent: 'the workbook holds macros or other active content',
  fileUnpackedTooLarge: 'the workbook unpacks to more than 50 MB or 1,000 parts',
  fileEncrypted: 'the workbook is encrypted',
};

function judged(result: z.ZodSafeParseResult<ProviderData>, origins: Origins): ReadResult {
  if (result.success) return { ok: true, data: result.data, origins };
  return {
    ok: false,
    problems: result.error.issues.map((i) => located(i.path.map(String), i.message, origins)),
  };
}

/** A problem the load found at a JSON path, named by the workbook row it came from. */
export function relocated(p: ImportProblem, origins: Origins): ImportProblem {
  const path = [p.where, p.field].filter(Boolean).join('.');
  const origin = origins.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`));
  return origin ? located(path.split('.'), p.message, origins) : p;
}

/** Where a problem is: the row it came from (a workbook), or the JSON path of its item. */
function located(path: string[], message: string, origins: Origins): ImportProblem {
  const joined = path.join('.');
  for (const [prefix, where] of origins) {
    if (joined === prefix || joined.startsWith(`${prefix}.`))
      return { where, field: joined.slice(prefix.length + 1), message };
  }
  const item = path.findLastIndex((p) => /^\d+$/.test(p));
  const cut = item >= 0 ? item + 1 : Math.max(path.length - 1, 0);
  return { where: path.slice(0, cut).join('.') || 'file', field: path.slice(cut).join('.'), message };
}
