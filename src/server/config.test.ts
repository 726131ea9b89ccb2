import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('refuses a production start with the signing simulators unless they are asked for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIMULATORS=1/);
    expect(loadConfig({ NODE_ENV: 'production', SIMULATORS: '1' }).eSignature.mode).toBe('simulator');
    expect(() => loadConfig({ NODE_ENV: 'production', ESIGNATURE: 'docusign', BANKID: 'live' })).toThrow(
      /BANKID_URL/,
    );
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
