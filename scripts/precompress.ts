import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Images (png) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its extra header costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // .vite/manifest.json is read by the bench, never served
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

/** Writes `file.br` and `file.gz` next to a compressible file worth it; answers their sizes. */
export async function precompressFile(
  file: string,
): Promise<{ rawBytes: number; brBytes: number } | undefined> {
  if (!COMPRESSIBLE.test(file)) return undefined;
  const raw = await readFile(file);
  if (raw.length < MIN_BYTES) return undefined;
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    promisify(gzip)(raw, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { rawBytes: raw.length, brBytes: br.length };
}

/**
 * Writes `file.br` and `file.gz` next to each compressible file of the build folder, a few files
 * at a time: zlib works on libuv's thread pool, so every core compresses.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; rawBytes: number; brBytes: number }> {
  const queue = [...files(dir)];
  const totals = { files: 0, rawBytes: 0, brBytes: 0 };
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const sizes = await precompressFile(file);
      if (!sizes) continue;
      totals.files += 1;
      totals.rawBytes += sizes.rawBytes;
      totals.brBytes += sizes.brBytes;
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return totals;
}

/**
 * Precompresses the build once, at the highest levels, so that the server (src/server/static.ts,
 * `preCompressed`) sends brotli or gzip without compressing per request. Runs last, after the
 * service worker is written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { files: count, rawBytes, brBytes } = await precompressDir(outDir);
        this.info?.(`precompressed ${count} files: ${rawBytes} bytes → ${brBytes} brotli`);
      },
    },
  };
}
