import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { openPostgres, type Db } from '../db/db';
import { DEMO, startTestApp, testConfig, userIdOf, type TestApp } from '../test/harness';
import type { FastifyInstance } from 'fastify';

/**
 * The caller cache must not outlive a change: a user disabled through one server copy is
 * refused at once by another copy that had just served them (NOTIFY on commit).
 */
describe.runIf(inject('postgresUrl'))('two server copies on one PostgreSQL', () => {
  let first: TestApp;
  let secondDb: Db;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await startTestApp('postgres');
    secondDb = openPostgres(first.db.url!);
    second = await buildApp({ config: testConfig(), db: secondDb, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
    await first.close();
  });

  it('a user disabled through one copy is refused by the other at once', async () => {
    const erik = { authorization: `Bearer ${await first.token(DEMO.erik)}` };
    expect((await second.inject({ url: '/api/userprofiles/myprofiles', headers: erik })).statusCode).toBe(
      200,
    );

    const admin = { authorization: `Bearer ${await first.token(DEMO.anna)}` };
    const erikId = await userIdOf(first.db, DEMO.erik, '752-10001');
    const user = (await first.app.inject({ url: `/api/users/${erikId}`, headers: admin })).json().properties;
    const res = await first.app.inject({
      method: 'PUT',
      url: `/api/users/${erikId}`,
      headers: admin,
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        eMail: user.eMail,
        status: 'readOnly',
        isAdmin: false,
        hasGlobalAccess: true,
        isExcelDownloadPermitted: false,
        isMoveCalculationsPermitted: false,
        defaultParentProfileId: 'SE-NOS',
        parentProfiles: [{ id: 'SE-NOS', active: true }],
      },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(
        async () => (await second.inject({ url: '/api/userprofiles/myprofiles', headers: erik })).statusCode,
        { timeout: 2000, interval: 50 },
      )
      .toBe(401);
  });
});
