/**
 * The API server of `npm run bench:scale` in its own process, so that its peak memory (VmHWM in
 * /proc) is the server's alone: the real app on a free loopback port over the database given in
 * DATABASE_URL. Prints its origin as its first line.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { openPostgres } from '../src/server/db/db';
import { benchConfig } from './server';

const db = openPostgres(process.env.DATABASE_URL!);
const app = await buildApp({ config: benchConfig(), db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
