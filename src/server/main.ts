import { loadConfig } from './config';
import { ensureBuild } from './build';
import { hasAdministrator, openDatabase } from './db/open';
import { buildApp } from './app';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/world';

/** `npm start`: build what is missing, open and migrate the database, serve everything on one port. */
const started = performance.now();
const config = loadConfig();
const say = (msg: string) => process.stdout.write(`${msg}\n`);

if (process.env.SKIP_BUILD !== '1') await ensureBuild(config.distDir, say);
const db = await openDatabase(config);
const app = await buildApp({ config, db });
await app.listen({ port: config.port, host: config.host });

say(`\nPartner portal ready in ${Math.round(performance.now() - started)} ms: ${config.publicUrl}`);
say(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`);
say(`Identity provider: ${config.oidc.embedded ? `embedded at ${config.oidc.issuer}` : config.oidc.issuer}`);
if (config.demoData && config.oidc.embedded) {
  say(`\nDemo users (password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS) say(`  ${u.email.padEnd(40)} ${u.role}`);
} else if (!(await hasAdministrator(db))) {
  say('\nNo administrator yet. Create the first one (docs/operations.md, "First administrator"):');
  say('  npm run create-admin -- --email … --first-name … --last-name … --partner 752-10001 \\');
  say('    --partner-name "…" --country SE --locale sv-SE --brand SE-NOS --brand-name "…"');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
}
