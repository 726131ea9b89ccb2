import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApp, type TestApp } from '../test/harness';

/** Every answer carries the browser hardening, the identity provider's pages and API errors too. */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it.each([
    '/',
    '/api/docs',
    '/oidc/.well-known/openid-configuration',
    '/oidc/session/end',
    '/sign-in/gone',
    '/mailbox',
    '/no/such/asset.js',
  ])('%s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'same-origin',
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The help centre's video captions are blob: URLs.
    expect(res.headers['content-security-policy']).toContain("media-src 'self' blob:");
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(['/api/config', '/api/userprofiles/myprofiles', '/api/no/such/call'])(
    '%s, data: nothing may load, frame or sniff it',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
      });
      // The page's policy is not repeated on data.
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    },
  );

  it('keeps API answers out of every cache', async () => {
    const res = await t.app.inject({
      url: '/api/userprofiles/myprofiles',
      headers: { authorization: `Bearer ${await t.token(DEMO.erik)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('asks for HTTPS only where the portal is served over it', async () => {
    const secure = await startTestApp('pglite', { publicUrl: 'https://portal.example' });
    for (const url of ['/', '/api/config']) {
      const res = await secure.app.inject({ url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    await secure.close();
  });
});
