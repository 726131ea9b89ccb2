import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import type { Db } from './db/db';
import { hasAdministrator, openDatabase } from './db/open';
import { buildApp } from './app';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/world';

/** For people: stdout carries only the JSON log lines (docs/operations.md, "Logs"). */
const say = (msg: string) => process.stderr.write(`${msg}\n`);

/**
 * Opens and migrates the database, serves everything on one port and stops on SIGTERM within
 * SHUTDOWN_TIMEOUT_MS (below). `npm run serve` runs this alone, on a build made before
 * (docs/operations.md, "Production"); `npm start` builds first (main.ts).
 */
export async function serve(config: Config, started = performance.now()): Promise<void> {
  if (!existsSync(path.join(config.distDir, 'index.html')))
    throw new Error(`No PWA build in ${config.distDir}: run \`npm run build\` first.`);
  const db = await openDatabase(config);
  const app = await buildApp({ config, db });
  await app.listen({ port: config.port, host: config.host });

  say(`\nPartner portal ready in ${Math.round(performance.now() - started)} ms: ${config.publicUrl}`);
  say(
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  );
  say(
    `Identity provider: ${config.oidc.embedded ? `embedded at ${config.oidc.issuer}` : config.oidc.issuer}`,
  );
  if (config.demoData && config.oidc.embedded) {
    say(`\nDemo users (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) say(`  ${u.email.padEnd(40)} ${u.role}`);
  } else if (!(await hasAdministrator(db))) {
    say('\nNo administrator yet. Create the first one (docs/operations.md, "First administrator"):');
    say('  npm run create-admin -- --email … --first-name … --last-name … --partner 752-10001 \\');
    say('    --partner-name "…" --country SE --locale sv-SE --brand SE-NOS --brand-name "…"');
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stop(app, db, config.shutdownTimeoutMs));
}

/**
 * Stops taking requests and jobs, lets those in hand finish within the deadline, then cuts the
 * connections still open (a slow request, an event stream) while the job queue fails the jobs
 * still running so that another copy runs them again; then closes the database and exits.
 */
async function stop(app: FastifyInstance, db: Db, deadlineMs: number) {
  app.log.info({ deadlineMs }, 'stopping');
  const cut = setTimeout(() => app.server.closeAllConnections(), deadlineMs);
  // Whatever still holds the process a little after the deadline does not keep it alive.
  setTimeout(() => {
    app.log.error('stopped at the deadline with work still open');
    process.exit(1);
  }, deadlineMs + 5000).unref();
  try {
    await app.close();
    await db.close();
    clearTimeout(cut);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'stopping failed');
    process.exit(1);
  }
}

/** Runs a start; a setting or a build that is missing ends it with its reason, not a stack trace. */
export async function startOrExplain(start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    process.stderr.write(
      `The portal did not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}

if (import.meta.main) await startOrExplain(() => serve(loadConfig()));
