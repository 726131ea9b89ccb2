import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { DEMO, startTestApp, type TestApp } from './test/harness';

const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');

describe('serving the PWA', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en-IE"><title>shell</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'big-1234.js'), BIG_SCRIPT);
    await precompressDir(dist);
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
    // In the browser's language (shell.ts), so caches keep one per language.
    const swedish = await t.app.inject({
      url: '/contracts',
      headers: { accept: 'text/html', 'accept-language': 'sv-SE' },
    });
    expect(swedish.body).toContain('<html lang="sv-SE" dir="ltr">');
    expect(swedish.headers.vary).toContain('Accept-Language');
  });

  it('serves hashed assets for a year and a missing one as a real 404', async () => {
    const asset = await page('/assets/app-1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await page('/assets/app-old.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('shell');
  });

  it('sends the build’s brotli or gzip copy to a browser that accepts it, the plain file otherwise', async () => {
    const asset = (encoding: string) =>
      t.app.inject({ url: '/assets/big-1234.js', headers: { 'accept-encoding': encoding } });
    const br = await asset('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file too small for a copy in the build is still answered whole.
    const small = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    const smallBody = small.headers['content-encoding'] ? gunzipSync(small.rawPayload) : small.rawPayload;
    expect(smallBody.toString()).toBe('console.log(1)');
  });

  it('compresses an API answer above 1 KB and leaves a small one as it is', async () => {
    const authorization = `Bearer ${await t.token(DEMO.erik)}`;
    const list = await t.app.inject({
      url: '/api/calculationSets',
      headers: { authorization, 'accept-encoding': 'br' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString()).entities.length).toBeGreaterThan(0);
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
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
