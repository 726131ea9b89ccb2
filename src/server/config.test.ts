import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/portal',
    PUBLIC_URL: 'https://portal.example.com',
  };

  it('refuses a production start with the signing simulators or demo data unless they are asked for', () => {
    expect(() => loadConfig(production)).toThrow(/SIMULATORS=1/);
    expect(loadConfig({ ...production, SIMULATORS: '1' }).eSignature.mode).toBe('simulator');
    expect(() => loadConfig({ ...production, ESIGNATURE: 'docusign', BANKID: 'live' })).toThrow(/BANKID_URL/);
    const signing = {
      ...production,
      ESIGNATURE: 'docusign',
      BANKID: 'live',
      BANKID_URL: 'https://bankid.test',
    };
    expect(loadConfig(signing).demoData).toBe(false);
    expect(() => loadConfig({ ...signing, DEMO_DATA: '1' })).toThrow(/published password/);
    expect(loadConfig({ ...signing, DEMO_DATA: '1', SIMULATORS: '1' }).demoData).toBe(true);
  });

  it('refuses a production start without its own database and public address', () => {
    const demo = { ...production, SIMULATORS: '1' };
    expect(() => loadConfig({ ...demo, DATABASE_URL: undefined })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...demo, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL/);
  });

  it('loads the demo world by default only into the embedded database', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal', DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('takes rate limits from RATE_LIMIT_* and keeps the defaults otherwise', () => {
    const limits = loadConfig({ RATE_LIMIT_CUSTOMER_SEARCH: '5' }).rateLimits;
    expect(limits.customerSearch).toBe(5);
    expect(limits.exports).toBe(30);
    expect(() => loadConfig({ RATE_LIMIT_EXPORTS: 'many' })).toThrow();
  });
});
