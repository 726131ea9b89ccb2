/**
 * Weighs the JavaScript each way of arriving loads before the first screen, from the build's
 * manifest (dist/.vite/manifest.json), as it goes over the wire (brotli, as the server sends
 * the build's copies) and gzip:
 * - signed out: the entry and the sign-in library; the browser then leaves for the sign-in page;
 * - signed in: the entry, then the app's bootstrap and everything it imports statically (the
 *   shell and the start screen); other pages are lazy chunks.
 * Fails above the budget. Run after `vite build` (`npm run build` does both; `npm run bench`
 * includes it).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The first screen's JavaScript, brotli as sent, with React: the budgets `npm test` holds the build to. */
export const START_SCREEN_BUDGET_BROTLI_KB = 200;
/** Signed out the browser leaves for the sign-in page at once: only the entry and the sign-in library. */
export const SIGNED_OUT_BUDGET_BROTLI_KB = 20;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface Weight {
  files: string[];
  gzipKb: number;
  brotliKb: number;
}

export interface BundleReport {
  signedOut: Weight;
  signedIn: Weight;
  lazyChunks: number;
}

/** The chunk and everything it imports statically. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

export function measureBundle(distDir = path.resolve('dist')): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const dynamic = (needle: string) => {
    const key = manifest[entry]!.dynamicImports?.find((k) => k.includes(needle));
    if (!key) throw new Error(`the entry imports no ${needle} lazily`);
    return key;
  };
  const weigh = (keys: Set<string>): Weight => {
    const files = [...new Set([...keys].map((key) => manifest[key]!.file))].filter((f) => f.endsWith('.js'));
    let gzip = 0;
    let brotli = 0;
    for (const file of files) {
      const raw = readFileSync(path.join(distDir, file));
      gzip += gzipSync(raw, { level: 9 }).length;
      brotli += brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length;
    }
    return { files, gzipKb: gzip / 1024, brotliKb: brotli / 1024 };
  };
  const start = closure(manifest, entry);
  const signedOut = weigh(closure(manifest, dynamic('oidc-client-ts'), new Set(start)));
  const signedIn = weigh(closure(manifest, dynamic('bootstrap'), new Set(start)));
  const firstFiles = new Set(signedIn.files.map((f) => path.basename(f)));
  const lazyChunks = readdirSync(path.join(distDir, 'assets')).filter(
    (f) => f.endsWith('.js') && !firstFiles.has(f),
  ).length;
  return { signedOut, signedIn, lazyChunks };
}

export const describeWeight = (w: Weight) =>
  `${w.brotliKb.toFixed(1)} KB brotli, ${w.gzipKb.toFixed(1)} KB gzip, ${w.files.length} files`;

if (process.argv[1]?.endsWith('bundle-size.ts')) {
  const report = measureBundle();
  console.log(
    `Signed out, before the sign-in page: ${describeWeight(report.signedOut)} (budget ${SIGNED_OUT_BUDGET_BROTLI_KB} KB brotli)`,
  );
  console.log(
    `Signed in, shell and start screen: ${describeWeight(report.signedIn)} (budget ${START_SCREEN_BUDGET_BROTLI_KB} KB brotli); ${report.lazyChunks} lazy chunks`,
  );
  if (
    report.signedIn.brotliKb > START_SCREEN_BUDGET_BROTLI_KB ||
    report.signedOut.brotliKb > SIGNED_OUT_BUDGET_BROTLI_KB
  ) {
    console.error('Over budget.');
    process.exit(1);
  }
}
