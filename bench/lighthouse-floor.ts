/**
 * The floor under bench/lighthouse.ts: what Lighthouse's mobile preset gives, on this machine, a
 * page that only shows a heading and a line, rendered by React alone, by Chakra UI with its
 * authors' default system, and by Chakra UI with the portal's system (bench/floor/). The portal's
 * screens cannot score better than the page that renders the same stack with nothing on it;
 * docs/operations.md, "Lighthouse's floor", says what these figures mean for the targets.
 */
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { chakraThemeAlias } from '../vite.config';

const PAGES = ['react', 'chakra-default', 'chakra-portal'] as const;
const ROOT = path.resolve(import.meta.dirname, 'floor');

export interface FloorScore {
  page: (typeof PAGES)[number];
  performance: number[];
  tbtMs: number[];
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a built folder gzipped, as a web server would. */
function serve(dir: string): Promise<{ origin: string; close: () => void }> {
  const server = createServer((req, res) => {
    const file = path.join(dir, path.normalize(new URL(req.url ?? '/', 'http://x').pathname));
    try {
      const body = readFileSync(file);
      res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(body));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      resolve({ origin: `http://localhost:${port}`, close: () => server.close() });
    }),
  );
}

/** The page around each floor's script: nothing but the root it renders into. */
function pageHtml(page: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Lighthouse floor: ${page}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="${path.join(ROOT, `${page}.tsx`)}"></script>
  </body>
</html>
`;
}

export async function benchLighthouseFloor(runs = 2): Promise<FloorScore[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-floor-'));
  const srcDir = path.join(work, 'pages');
  const outDir = path.join(work, 'dist');
  mkdirSync(srcDir);
  for (const page of PAGES) writeFileSync(path.join(srcDir, `${page}.html`), pageHtml(page));
  await build({
    root: srcDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: [chakraThemeAlias] },
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: Object.fromEntries(PAGES.map((p) => [p, path.join(srcDir, `${p}.html`)])) },
    },
  });
  const site = await serve(outDir);
  const { executablePath, args } = chromiumLaunchOptions();
  const browser = await puppeteer.launch({ executablePath, args, headless: true });
  try {
    const scores: FloorScore[] = [];
    for (const page of PAGES) {
      const score: FloorScore = { page, performance: [], tbtMs: [] };
      for (let run = 0; run < runs; run++) {
        const tab = await browser.newPage();
        const result = await lighthouse(
          `${site.origin}/${page}.html`,
          { onlyCategories: ['performance'], logLevel: 'error' },
          undefined,
          tab,
        );
        await tab.close();
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        score.performance.push(Math.round((result.lhr.categories.performance?.score ?? 0) * 100));
        score.tbtMs.push(Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN));
      }
      scores.push(score);
    }
    return scores;
  } finally {
    await browser.close();
    site.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('lighthouse-floor.ts')) {
  for (const s of await benchLighthouseFloor()) console.log(s);
}
