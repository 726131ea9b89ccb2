/**
 * Weighs what the start screen loads: the entry script and the module preloads of
 * dist/index.html, gzipped. Fails above the budget of 220 KB. Run after `vite build`
 * (`npm run build` does both; `npm run bench` includes it).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const START_SCREEN_BUDGET_KB = 220;

export interface BundleReport {
  startScreenKb: number;
  files: { file: string; gzipKb: number }[];
  lazyChunks: number;
}

export function measureBundle(distDir = path.resolve('dist')): BundleReport {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const kb = (file: string) => gzipSync(readFileSync(path.join(distDir, file))).length / 1024;
  const files = [...new Set(urls)].map((url) => ({
    file: url.replace(/^\//, ''),
    gzipKb: kb(url.replace(/^\//, '')),
  }));
  const startFiles = new Set(files.map((f) => path.basename(f.file)));
  const lazyChunks = readdirSync(path.join(distDir, 'assets')).filter(
    (f) => f.endsWith('.js') && !startFiles.has(f),
  ).length;
  return { startScreenKb: files.reduce((sum, f) => sum + f.gzipKb, 0), files, lazyChunks };
}

if (process.argv[1]?.endsWith('bundle-size.ts')) {
  const report = measureBundle();
  for (const f of report.files)
    console.log(`  ${f.file.padEnd(48)} ${f.gzipKb.toFixed(1).padStart(7)} KB gzip`);
  console.log(
    `Start screen JavaScript: ${report.startScreenKb.toFixed(1)} KB gzip (budget ${START_SCREEN_BUDGET_KB} KB); ${report.lazyChunks} lazy chunks`,
  );
  if (report.startScreenKb > START_SCREEN_BUDGET_KB) {
    console.error('Over budget.');
    process.exit(1);
  }
}
