import { loadConfig } from './config';
import { ensureBuild } from './build';
import { serve, startOrExplain } from './serve';

/** `npm start`: build the PWA when it is missing or stale (unless SKIP_BUILD=1), then serve. */
const started = performance.now();
await startOrExplain(async () => {
  const config = loadConfig();
  if (!config.skipBuild) await ensureBuild(config.distDir, (msg) => process.stderr.write(`${msg}\n`));
  await serve(config, started);
});
