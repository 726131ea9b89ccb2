import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/portal',
    PUBLIC_URL: 'https://portal.example.com',
    IDENTITY_KEY_SECRET: 'a-secret-of-at-least-thirty-two-characters',
  };
  /** Real signing services and a real credit agency: what each production test leaves out one of. */
  const realSigning = { ESIGNATURE: 'docusign', BANKID: 'live', BANKID_URL: 'https://bankid.test' };
  const realAgency = {
    CREDIT_AGENCY: 'http',
    CREDIT_AGENCY_URL: 'https://agency.example.com',
    CREDIT_AGENCY_API_KEY: 'key',
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
      SMTP_URL: 'smtp://relay.example.com:587',
      CREDIT_AGENCY: 'http',
      CREDIT_AGENCY_URL: 'https://agency.example.com',
      CREDIT_AGENCY_API_KEY: 'key',
    };
    expect(loadConfig(signing).demoData).toBe(false);
    // Where no brand signs with BankID it needs no BankID at all (the start checks the brands).
    expect(loadConfig({ ...signing, BANKID: 'off', BANKID_URL: undefined }).bankId.mode).toBe('off');
    expect(() => loadConfig({ ...signing, DEMO_DATA: '1' })).toThrow(/published password/);
    expect(loadConfig({ ...signing, DEMO_DATA: '1', SIMULATORS: '1' }).demoData).toBe(true);
  });

  it('reads how long the PWA waits for an answer, 30 s unless set, 5 s to 10 min', () => {
    const dev = { DATABASE_URL: 'postgres://db/portal' };
    expect(loadConfig(dev).clientRequestTimeoutMs).toBe(30_000);
    expect(loadConfig({ ...dev, CLIENT_REQUEST_TIMEOUT_MS: '90000' }).clientRequestTimeoutMs).toBe(90_000);
    expect(() => loadConfig({ ...dev, CLIENT_REQUEST_TIMEOUT_MS: '500' })).toThrow(
      /CLIENT_REQUEST_TIMEOUT_MS/,
    );
    // Never shorter than a statement the server may still finish.
    expect(() => loadConfig({ ...dev, CLIENT_REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    const short = { ...dev, CLIENT_REQUEST_TIMEOUT_MS: '20000', DATABASE_STATEMENT_TIMEOUT_MS: '15000' };
    expect(loadConfig(short).clientRequestTimeoutMs).toBe(20_000);
  });

  it('refuses a production start without its own database and public address', () => {
    const demo = { ...production, SIMULATORS: '1' };
    expect(() => loadConfig({ ...demo, DATABASE_URL: undefined })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...demo, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL/);
    // Over plain http tokens and passwords travel in the clear; only the machine itself is spared.
    expect(() => loadConfig({ ...demo, PUBLIC_URL: 'http://portal.example.com' })).toThrow(/https:\/\//);
    expect(loadConfig({ ...demo, PUBLIC_URL: 'http://localhost:8290' }).publicUrl).toBe(
      'http://localhost:8290',
    );
  });

  it('refuses a production start that would keep the identity provider keys in plain form', () => {
    const demo = { ...production, SIMULATORS: '1' };
    expect(() => loadConfig({ ...demo, IDENTITY_KEY_SECRET: undefined })).toThrow(/IDENTITY_KEY_SECRET/);
    expect(() => loadConfig({ ...demo, IDENTITY_KEY_SECRET: 'short' })).toThrow();
    // An external provider keeps its own keys.
    const external = { ...demo, IDENTITY_KEY_SECRET: undefined, OIDC_ISSUER: 'https://id.example.com' };
    expect(loadConfig(external).oidc.embedded).toBe(false);
    expect(loadConfig(demo).oidc.keySecrets.current).toBe(production.IDENTITY_KEY_SECRET);
  });

  it('refuses a production start without a mail relay unless it is a demonstration', () => {
    const real = { ...production, ...realSigning, ...realAgency };
    expect(() => loadConfig(real)).toThrow(/SMTP_URL/);
    expect(loadConfig({ ...real, SMTP_URL: 'smtp://relay.example.com' }).mail.smtpUrl).toBe(
      'smtp://relay.example.com',
    );
    // A demonstration keeps its mail in the mailbox.
    expect(loadConfig({ ...real, SIMULATORS: '1' }).mail.smtpUrl).toBeUndefined();
  });

  it('refuses the credit agency simulator in production, and an agency without its address and key', () => {
    const real = { ...production, ...realSigning, SMTP_URL: 'smtp://relay.example.com' };
    expect(() => loadConfig(real)).toThrow(/credit agency simulator/);
    expect(() => loadConfig({ ...real, CREDIT_AGENCY: 'http' })).toThrow(
      /CREDIT_AGENCY_URL and CREDIT_AGENCY_API_KEY/,
    );
    const agency = { ...real, ...realAgency };
    expect(loadConfig(agency).creditAgency).toMatchObject({ mode: 'http', timeoutMs: 4000, retries: 2 });
    expect(loadConfig({ ...real, SIMULATORS: '1' }).creditAgency).toEqual({ mode: 'simulator' });
    expect(() => loadConfig({ ...agency, CREDIT_AGENCY_URL: 'http://agency.example.com' })).toThrow(
      /https:\/\/ CREDIT_AGENCY_URL/,
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
