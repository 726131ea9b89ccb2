/**
 * `npm run provider-data -- [--dry-run] <file.json | file.xlsx>`: loads the provider's
 * manufacturers, object types, price lists and underwriters into the database (DATABASE_URL) in
 * one transaction (docs/provider-data.md). A dry run checks and counts, and changes nothing.
 * Exit codes: 0 loaded, 2 refused (every problem printed), 1 failed.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { ProviderDataRefused } from '../src/server/modules/provider-data/load';
import { formatSummary } from '../src/server/modules/provider-data/summary';
import { loadFile } from '../src/server/modules/provider-data/service';

const { values, positionals } = parseArgs({
  options: { 'dry-run': { type: 'boolean', default: false } },
  allowPositionals: true,
});
const file = positionals[0];
const kind = file?.toLowerCase().endsWith('.xlsx')
  ? 'xlsx'
  : file?.toLowerCase().endsWith('.json')
    ? 'json'
    : undefined;
if (!file || !kind || positionals.length > 1) {
  console.error('Usage: npm run provider-data -- [--dry-run] <file.json | file.xlsx>');
  process.exit(2);
}
const bytes = await readFile(file);
const config = loadConfig();
const db = await openDatabase({ ...config, demoData: false });
try {
  const { summary } = await loadFile(db, config, { bytes, kind }, values['dry-run']);
  console.log(formatSummary(summary));
} catch (e) {
  if (!(e instanceof ProviderDataRefused)) throw e;
  console.error(`Not loaded: ${e.problems.length} problem(s) in ${file}`);
  for (const p of e.problems) console.error(`  ${p.where}${p.field ? `, ${p.field}` : ''}: ${p.message}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
