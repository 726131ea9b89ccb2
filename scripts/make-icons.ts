/**
 * Renders public/favicon.svg into the PNG icons of the web manifest with the system Chromium.
 * Run by hand after changing the logo: `node --import tsx scripts/make-icons.ts`.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage();
const icons = [
  { file: 'icon-192.png', size: 192, pad: 0 },
  { file: 'icon-512.png', size: 512, pad: 0 },
  { file: 'apple-touch-icon.png', size: 180, pad: 0 },
  // Maskable icons keep their content inside the central 80 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, pad: 0.12 },
];
for (const { file, size, pad } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - 2 * pad));
  await page.setContent(
    `<body style="margin:0;background:#1f4e8c;display:grid;place-items:center;height:${size}px">
     <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  );
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: false });
}
await browser.close();
