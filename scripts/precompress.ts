import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
export function precompressFile(file: string): { rawBytes: number; brBytes: number } | undefined {
  if (!COMPRESSIBLE.test(file)) return undefined;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) return undefined;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  return { rawBytes: raw.length, brBytes: br.length };
}

/** Writes `file.br` and `file.gz` next to each compressible file of the build folder. */
export function precompressDir(dir: string): { files: number; rawBytes: number; brBytes: number } {
  let count = 0;
  let rawBytes = 0;
  let brBytes = 0;
  for (const file of files(dir)) {
    const sizes = precompressFile(file);
    if (!sizes) continue;
    count += 1;
    rawBytes += sizes.rawBytes;
    brBytes += sizes.brBytes;
  }
  return { files: count, rawBytes, brBytes };
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
      handler() {
        const { files: count, rawBytes, brBytes } = precompressDir(outDir);
        this.info?.(`precompressed ${count} files: ${rawBytes} bytes → ${brBytes} brotli`);
      },
    },
  };
}
