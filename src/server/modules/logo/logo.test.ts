import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../domain/users';
import { DEMO, startTestApp, type TestApp } from '../../test/harness';

const jpegOf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('company logo', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    auth = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
  });
  afterAll(() => t.close());

  const put = (name: string, content: string) =>
    t.app.inject({ method: 'PUT', url: '/api/partner/logo', headers: auth, payload: { name, content } });
  const reason = async (name: string, content: string) =>
    (await put(name, content)).json()['invalid-params']?.[0]?.reason;

  it('stores a JPG, answers it back byte for byte, replaces and deletes it', async () => {
    const logo = jpegOf(LOGO_MAX_BYTES);
    expect((await put('logo.jpg', logo.toString('base64'))).statusCode).toBe(200);
    const got = await t.app.inject({ url: '/api/partner/logo', headers: auth });
    expect(got.json().properties).toMatchObject({
      name: 'logo.jpg',
      size: LOGO_MAX_BYTES,
      format: 'image/jpeg',
    });
    expect(Buffer.from(got.json().properties.content, 'base64').equals(logo)).toBe(true);
    expect((await put('new.jpeg', jpegOf(1000).toString('base64'))).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/partner/logo', headers: auth })).json().properties.size).toBe(
      1000,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/partner/logo', headers: auth })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: '/api/partner/logo', headers: auth })).statusCode).toBe(404);
  });

  it('judges by the bytes: a PNG named .jpg, an empty file, a file over 200 kB and broken base64 are refused', async () => {
    expect(await reason('logo.jpg', PNG.toString('base64'))).toBe('logoNotJpg');
    expect(await reason('logo.jpg', '')).toBe('emptyFile');
    expect(await reason('logo.jpg', jpegOf(LOGO_MAX_BYTES + 1).toString('base64'))).toBe('logoTooLarge');
    expect(await reason('logo.jpg', 'not base64!')).toBe('invalidBase64');
    // Sniffed like every upload: a JPG's first bytes before a page of HTML make no logo.
    const page = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    expect(await reason('logo.jpg', Buffer.concat([jpegOf(20), page]).toString('base64'))).toBe('logoNotJpg');
  });

  it('is refused where the partner may not upload a logo', async () => {
    await t.db.query(`update partners set is_logo_upload_permitted = false where id = '752-10001'`);
    const res = await put('logo.jpg', jpegOf(100).toString('base64'));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Logo upload is not permitted for this partner.');
  });
});
