/**
 * `npm run docs:settings`: writes docs/settings.md from the settings schema
 * (src/server/settings.ts) and the rate limits, so the page cannot drift from what the server
 * reads. `settingsPage()` is also what the test compares the page with.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { limitVariable, ROOT_DIR } from '../src/server/config';
import { DEFAULT_RATE_LIMITS, LIMIT_KINDS, LIMIT_WINDOWS_MS } from '../src/server/plugins/rate-limits';
import { Settings } from '../src/server/settings';

export const SETTINGS_PAGE = path.join(ROOT_DIR, 'docs/settings.md');

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function defaultOf(schema: z.ZodType): string {
  if (!(schema instanceof z.ZodDefault)) return '–';
  const value: unknown = schema.def.defaultValue;
  return value === '' ? '–' : `\`${String(value)}\``;
}

export function settingsPage(): string {
  const rows = Object.entries(Settings.shape).map(
    ([name, schema]) => `| \`${name}\` | ${cell(defaultOf(schema))} | ${cell(schema.description ?? '')} |`,
  );
  const limits = LIMIT_KINDS.map(
    (kind) =>
      `| \`${limitVariable(kind)}\` | \`${DEFAULT_RATE_LIMITS[kind]}\` | Calls of this kind per account (per network address where nobody is signed in) and ${LIMIT_WINDOWS_MS[kind] >= 3_600_000 ? 'hour' : `${LIMIT_WINDOWS_MS[kind] / 1000} seconds`} (docs/security.md, "Limits"). |`,
  );
  return `# Settings

<!-- Made by \`npm run docs:settings\` from src/server/settings.ts; edit there, not here. -->

The server reads these environment variables once, at start, and refuses to start when one is
not valid. For a production deployment see [operations](operations.md), "Production"; for the
rate limits [security](security.md).

| variable | default | meaning |
| --- | --- | --- |
${[...rows, ...limits].join('\n')}
`;
}

if (import.meta.main) {
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(SETTINGS_PAGE);
  writeFileSync(
    SETTINGS_PAGE,
    await prettier.format(settingsPage(), { ...options, filepath: SETTINGS_PAGE }),
  );
  console.log(`Wrote ${path.relative(ROOT_DIR, SETTINGS_PAGE)}`);
}
