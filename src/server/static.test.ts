import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApp, type TestApp } from './test/harness';

describe('serving the PWA', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await startTestApp('pglite', { distDir: dist });
  });
  afterAll(() => t.close());

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html,*/*' } });

  it('answers the shell for / and for any unknown page path, never cached', async () => {
    for (const url of ['/', '/calculations/1/2', '/logout.html', '/something/unknown']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year and a missing one as a real 404', async () => {
    const asset = await page('/assets/app-1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await page('/assets/app-old.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('shell');
  });

  it('answers an unknown API path with a problem, not the shell', async () => {
    const res = await t.app.inject({
      url: '/api/nothing-here',
      headers: { authorization: `Bearer ${await t.token(DEMO.erik)}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('publishes the OpenAPI document of the routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/userprofiles/myprofiles', '/api/user/myUsers']),
    );
  });
});
