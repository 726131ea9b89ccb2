/**
 * Builds the server once, with the PWA (`npm run build`): the production server and the operator's
 * commands become plain JavaScript in build/server/ (one file each), so a production install
 * starts `node build/server/serve.js` without compiling anything and without tsx
 * (docs/operations.md, "Production"). Packages stay outside the bundle: they come from
 * `npm ci --omit=dev`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT_DIR } from '../src/server/config';

export const SERVER_BUILD_DIR = path.join(ROOT_DIR, 'build/server');

const started = performance.now();
await rm(SERVER_BUILD_DIR, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT_DIR,
  entryPoints: {
    serve: 'src/server/serve.ts',
    'create-admin': 'scripts/create-admin.ts',
    'provider-data': 'scripts/provider-data.ts',
    jobs: 'scripts/jobs.ts',
  },
  outdir: SERVER_BUILD_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `server built in ${Math.round(performance.now() - started)} ms: ${path.relative(ROOT_DIR, SERVER_BUILD_DIR)}/`,
);
