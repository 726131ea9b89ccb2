import path from 'node:path';
import { z } from 'zod';
import { bankIdConfigFromEnv, type BankIdConfig } from './integrations/bankid/factory';
import { DEFAULT_RATE_LIMITS, LIMIT_KINDS, type RateLimits } from './plugins/rate-limits';

/** RATE_LIMIT_UI_ERRORS for uiErrors, and so on. */
const limitVariable = (kind: string) => `RATE_LIMIT_${kind.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Everything the server reads from the environment, checked once at start. */
const Env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  /** The demo world in an empty database: on by default for the embedded one only. */
  DEMO_DATA: z.enum(['0', '1']).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  DEV_ORIGINS: z.string().default(''),
  USER_INVITATION_UNAVAILABLE: z.enum(['0', '1']).default('0'),
  MAILBOX_OPEN: z.enum(['0', '1']).default('0'),
  TRUST_PROXY: z.string().default(''),
  SMTP_URL: z.string().startsWith('smtp').optional(),
  MAIL_FROM: z.string().default('Partner Portal <no-reply@partner-portal.example>'),
  CREDIT_AGENCY: z.enum(['simulator']).default('simulator'),
  /** The e-signature service: the built-in simulator, or a DocuSign account (ESIGNATURE_URL …). */
  ESIGNATURE: z.enum(['simulator', 'docusign']).default('simulator'),
  ESIGNATURE_URL: z.string().url().optional(),
  ESIGNATURE_ACCOUNT_ID: z.string().optional(),
  ESIGNATURE_TOKEN: z.string().optional(),
  ESIGNATURE_HMAC_SECRET: z.string().min(16).optional(),
  /** In production the e-signature and BankID simulators (they sign without real signatures) need SIMULATORS=1. */
  SIMULATORS: z.enum(['0', '1']).default('0'),
  NODE_ENV: z.string().default('development'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Off during maintenance of the provider's user directory: no new users (spec 001 section 6). */
  userInvitationAvailable: boolean;
  /** Further origins the PWA is served from in development (Vite), allowed to sign in. */
  devOrigins: string[];
  dataDir: string;
  databaseUrl?: string;
  /** Load the demo world (people with a published password) into an empty database. */
  demoData: boolean;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed: a hop count or addresses; none by default. */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  mail: {
    /** A real relay; without it mails stay in the database and show in the demo mailbox. */
    smtpUrl?: string;
    /** The demo mailbox answers other machines too. */
    mailboxOpen: boolean;
    from: string;
  };
  distDir: string;
  /** Where customer searches go: the built-in simulator of the demo world (or a real agency's adapter). */
  creditAgency: 'simulator';
  eSignature: {
    mode: 'simulator' | 'docusign';
    /** The REST base ('…/restapi'); the simulator's own address in simulator mode. */
    baseUrl?: string;
    accountId: string;
    token?: string;
    /** The Connect HMAC key; a fresh one per start for the simulator. */
    hmacSecret?: string;
  };
  /** BankID: the built-in simulator (default) or the real service (BANKID=live, BANKID_URL …). */
  bankId: BankIdConfig;
  /** Calls per account and hour of the limited kinds (plugins/rate-limits.ts). */
  rateLimits: RateLimits;
  oidc: {
    /** True when this server runs the identity provider itself under /oidc. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    accessTokenTtl: number;
  };
}

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = Env.parse(env);
  const bankId = bankIdConfigFromEnv(env);
  if (
    e.NODE_ENV === 'production' &&
    e.SIMULATORS !== '1' &&
    (e.ESIGNATURE === 'simulator' || bankId.mode === 'simulator')
  )
    throw new Error(
      'NODE_ENV=production with the built-in e-signature or BankID simulator: anybody could sign. ' +
        'Set ESIGNATURE=docusign and BANKID=live, or SIMULATORS=1 for a demonstration.',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embedded = !e.OIDC_ISSUER;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    userInvitationAvailable: e.USER_INVITATION_UNAVAILABLE !== '1',
    devOrigins: e.DEV_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === '1' : !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: !e.TRUST_PROXY
      ? false
      : /^\d+$/.test(e.TRUST_PROXY)
        ? (_address: string, hop: number) => hop < Number(e.TRUST_PROXY)
        : e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, mailboxOpen: e.MAILBOX_OPEN === '1' },
    distDir: path.join(ROOT_DIR, 'dist'),
    creditAgency: e.CREDIT_AGENCY,
    eSignature: {
      mode: e.ESIGNATURE,
      baseUrl: e.ESIGNATURE_URL,
      accountId: e.ESIGNATURE_ACCOUNT_ID ?? 'portal-demo',
      token: e.ESIGNATURE_TOKEN,
      hmacSecret: e.ESIGNATURE_HMAC_SECRET,
    },
    bankId,
    rateLimits: Object.fromEntries(
      LIMIT_KINDS.map((kind) => [
        kind,
        z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS[kind]).parse(env[limitVariable(kind)]),
      ]),
    ) as RateLimits,
    oidc: {
      embedded,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      clientId: e.OIDC_CLIENT_ID ?? 'partner-portal',
      // oidc-provider wants a resource indicator that is an absolute URI.
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      accessTokenTtl: e.ACCESS_TOKEN_TTL,
    },
  };
}
