/**
 * `npm run jobs`: the job queues of the database (DATABASE_URL, or the embedded one while the
 * portal is stopped) with what waits, runs and died, and every dead job of the last 30 days with
 * its error, newest first (docs/operations.md, "Background jobs"). `--json` prints the same as JSON.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { readJobReport } from '../src/server/jobs/queue';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const config = loadConfig();
const db = await openDatabase({ ...config, demoData: false });
try {
  const report = await readJobReport(db);
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(
      `${'queue'.padEnd(20)} ${'waiting'.padStart(8)} ${'running'.padStart(8)} ${'dead'.padStart(6)}`,
    );
    for (const q of report.queues)
      console.log(
        `${q.kind.padEnd(20)} ${String(q.waiting).padStart(8)} ${String(q.running).padStart(8)} ${String(q.dead).padStart(6)}`,
      );
    console.log(report.dead.length ? `\nDead jobs (${report.dead.length}):` : '\nNo dead jobs.');
    for (const d of report.dead)
      console.log(
        `  ${d.diedAt?.toISOString() ?? '?'}  ${d.kind}  ${d.id}  ${JSON.stringify(d.payload)}\n    ${d.error}`,
      );
  }
} finally {
  await db.close();
}
