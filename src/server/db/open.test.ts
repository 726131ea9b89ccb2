import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createFirstAdmin } from '../admin/first-admin';
import { buildApp } from '../app';
import { DEMO_PARTNERS } from '../demo/world';
import { instantDecisionLimit } from '../modules/session';
import { testConfig, type TestApp } from '../test/harness';
import { browserSession } from '../test/oidc-flow';
import { hasAdministrator, openDatabase } from './open';

/** Production never runs on demo data; its first administrator comes from a command. */
describe('opening the database', () => {
  it('loads no demo world unless asked; the first administrator then signs in through the link', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-open-'));
    const db = await openDatabase({ dataDir: dir, demoData: false });
    try {
      expect(await db.query('select id from partners')).toEqual([]);
      expect(await hasAdministrator(db)).toBe(false);
      const config = testConfig();
      const link = await createFirstAdmin(db, config.publicUrl, {
        email: 'first.admin@kontor.example',
        firstName: 'Frida',
        lastName: 'Först',
        partnerId: '752-30001',
        partnerName: 'Kontor Först AB',
        countryIso: 'SE',
        locale: 'sv-SE',
        brandId: 'SE-KF',
        brandName: 'Kontor Först',
        currencyCode: 'SEK',
      });
      expect(await hasAdministrator(db)).toBe(true);
      expect(await db.query('select currency_code from brands')).toEqual([{ currency_code: 'SEK' }]);
      // No limit of its own: the kronor default, not 25,000 of whatever currency.
      expect(await instantDecisionLimit(db, 'SE-KF')).toBe(250_000);

      const app = await buildApp({ config, db, logger: false });
      const setPassword = await app.inject({
        method: 'POST',
        url: new URL(link).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          password: 'Första-kontoret-i-Malmö',
          repeat: 'Första-kontoret-i-Malmö',
        }).toString(),
      });
      expect(setPassword.statusCode).toBe(200);
      const session = await browserSession(
        { app, db, config } as TestApp,
        'first.admin@kontor.example',
        'Första-kontoret-i-Malmö',
      );
      const profile = await app.inject({ url: '/api/userprofiles/myprofiles', headers: session.headers });
      expect(profile.json().properties).toMatchObject({ isAdmin: true, firstName: 'Frida' });
      await app.close();
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(inject('postgresUrl'))('loads the demo world once when two copies start together', async () => {
    const adminUrl = inject('postgresUrl');
    const name = `open_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = adminUrl.replace(/\/postgres$/, `/${name}`);
    try {
      const copies = await Promise.all(
        [1, 2].map(() => openDatabase({ databaseUrl: url, dataDir: '', demoData: true })),
      );
      expect((await copies[0]!.query('select id from partners')).length).toBe(DEMO_PARTNERS.length);
      await Promise.all(copies.map((db) => db.close()));
    } finally {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });
});
