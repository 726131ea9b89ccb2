/**
 * Playwright records video with an ffmpeg it downloads itself, which this project never does (no
 * network but the package registries; e2e/chromium.ts). This module, imported before Playwright,
 * points it at the system's ffmpeg (Debian: `apt-get install ffmpeg`) through a browsers directory
 * of its own that holds only a link to it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
if (!existsSync(FFMPEG)) {
  console.error(`✗ No ffmpeg at ${FFMPEG}. Install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH.`);
  process.exit(1);
}
// browsers.json is not among the package's exports: found beside its package.json.
const packageJson = createRequire(import.meta.url).resolve('playwright-core/package.json');
const browsers = path.join(path.dirname(packageJson), 'browsers.json');
const { revision } = (
  JSON.parse(readFileSync(browsers, 'utf8')) as { browsers: { name: string; revision: string }[] }
).browsers.find((b) => b.name === 'ffmpeg')!;
// A directory of this run's own (mode 700): a link found in a shared one could lead anywhere.
const browsersPath = mkdtempSync(path.join(tmpdir(), 'portal-playwright-'));
process.on('exit', () => rmSync(browsersPath, { recursive: true, force: true }));
// Interrupted, the script still leaves through 'exit' (a signal alone skips it).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const dir = path.join(browsersPath, `ffmpeg-${revision}`);
mkdirSync(dir);
symlinkSync(FFMPEG, path.join(dir, 'ffmpeg-linux'));
process.env.PLAYWRIGHT_BROWSERS_PATH = browsersPath;
