import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO, startTestApp } from '../../test/harness';

/**
 * A copy that is stopped (SIGTERM, a deployment) must not wait for its open live streams:
 * they end at once and the apps open them again on another copy (docs/operations.md).
 */
describe('stopping a server copy', () => {
  it('ends its open event streams and closes without waiting for them', async () => {
    const t = await startTestApp('pglite');
    const headers = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const streams = await Promise.all([1, 2].map(() => fetch(`${base}/api/events`, { headers })));
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const ended = streams.map(async (s) => {
      const reader = s.body!.getReader();
      while (!(await reader.read()).done) {
        /* the greeting and heartbeats */
      }
    });

    const started = performance.now();
    await t.close();
    await Promise.all(ended);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
