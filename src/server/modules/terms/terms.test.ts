import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApp, type TestApp } from '../../test/harness';

describe('terms acceptance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  const profile = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: '/api/userprofiles/myprofiles', headers: auth })).json().properties;

  it('a user who has not accepted sees it in the profile; accepting the terms of use sets only those', async () => {
    const auth = { authorization: `Bearer ${await t.token(DEMO.sofia)}` };
    expect(await profile(auth)).toMatchObject({
      hasTermsOfUseAccepted: false,
      hasTermsAndConditionsAccepted: false,
      isTnCAcceptanceNecessary: true,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/accepttermsofuse', headers: auth })).statusCode,
    ).toBe(204);
    expect(await profile(auth)).toMatchObject({
      hasTermsOfUseAccepted: true,
      hasTermsAndConditionsAccepted: false,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/acceptall', headers: auth })).statusCode,
    ).toBe(204);
    expect(await profile(auth)).toMatchObject({
      hasTermsOfUseAccepted: true,
      hasTermsAndConditionsAccepted: true,
    });
  });
});
